// Runtime configuration from the environment; every external service is off unless configured.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function num(name: string, fallback: number): number {
  const v = process.env[name];
  const n = v === undefined || v === '' ? NaN : Number(v);
  return Number.isFinite(n) ? n : fallback;
}

/** Explicit switch only (npm run dev, the test harness); never derived from NODE_ENV or import order. */
const devTools = process.env.DEV_TOOLS === '1';

const trustProxy = Math.max(0, Math.floor(num('TRUST_PROXY', 0)));

/**
 * Drain delay of an instance behind a proxy (TRUST_PROXY) unless DRAIN_DELAY_MS says otherwise: long enough
 * for a health check polling every second or two to see the 503, short enough not to hold up a restart.
 */
export const DEFAULT_DRAIN_DELAY_MS = 2000;

export const config = {
  port: num('PORT', 4321),
  host: process.env.HOST || '127.0.0.1',
  /** postgres://… switches the query layer to PostgreSQL; otherwise SQLite at sqliteFile. */
  databaseUrl: process.env.DATABASE_URL || '',
  /**
   * PostgreSQL commit of cart adds (server/db/group-commit.ts): `flush` (default: wait for the WAL flush, as
   * orders do) or `process-crash-safe` (acknowledged from the WAL buffers: SQLite's WAL/synchronous=NORMAL guarantee).
   */
  cartCommit: (process.env.CART_COMMIT === 'process-crash-safe' ? 'process-crash-safe' : 'flush') as 'flush' | 'process-crash-safe',
  sqliteFile: process.env.SQLITE_FILE || path.join(ROOT, 'data', 'shop.sqlite'),
  uploadDir: process.env.UPLOAD_DIR || path.join(ROOT, 'data', 'uploads'),
  /** Product images drawn by the seed (one per category and size). */
  imageDir: process.env.IMAGE_DIR || path.join(ROOT, 'data', 'images'),
  /** The built site the server hosts (bench:site serves a separate build from here). */
  siteDir: process.env.SITE_DIR ? path.resolve(ROOT, process.env.SITE_DIR) : path.join(ROOT, 'dist'),
  /** where CMS publishes put the site generations (a directory every instance shares; default beside dist, same disk for hard links) */
  siteStore: process.env.SITE_STORE ? path.resolve(ROOT, process.env.SITE_STORE)
    : path.join(ROOT, `${path.basename(process.env.SITE_DIR || 'dist')}-generations`),
  /** Seed size; the product promise is 65,000+ articles, tests may use fewer. */
  seedArticles: num('SEED_ARTICLES', 65000),
  sessionDays: num('SESSION_DAYS', 14),
  /** Secure cookies (and HSTS) when asked for or whenever the public address is https. */
  secureCookies: process.env.SECURE_COOKIES === '1' || /^https:/i.test(process.env.PUBLIC_URL ?? ''),
  smtpUrl: process.env.SMTP_URL || '',
  /** the default brand's sender; empty: its letterhead address (server/lib/company.ts) */
  mailFrom: process.env.MAIL_FROM || '',
  cmsUrl: process.env.CMS_URL || '',
  cmsToken: process.env.CMS_TOKEN || '',
  /** No default outside development: without a secret the webhook is off (503). */
  cmsWebhookSecret: process.env.CMS_WEBHOOK_SECRET || (devTools ? 'dev-webhook-secret' : ''),
  /** The operator's calls (/api/operator/*: price import, exchange rates); without a secret they are off (503). */
  operatorSecret: process.env.OPERATOR_SECRET || '',
  analyticsUrl: process.env.MATOMO_URL || '',
  shopDomain: process.env.SHOP_DOMAIN || 'dentalversand-nord.example',
  spanishSiteUrl: process.env.ES_SHOP_URL || 'https://es.dentalversand-nord.example/',
  geoDefaultCountry: (process.env.GEO_DEFAULT_COUNTRY || 'de').toLowerCase(),
  /** Seconds a product page rendered for guests is served again from memory (0 = render every time). */
  guestPageCacheSeconds: num('GUEST_PAGE_CACHE_SECONDS', 60),
  /** Development conveniences (the outbox call, the webhook's default secret): only with DEV_TOOLS=1. */
  devTools,
  /** Test runs: every 2xx answer is checked against its call's answer schema (server/http/answer-check.ts). */
  checkAnswers: process.env.CHECK_ANSWERS === '1',
  /**
   * Number of reverse proxies in front of the shop whose X-Forwarded-For is trusted (TRUST_PROXY=1: one).
   * 0 (default): the header is ignored, the socket address counts (login throttling, logs, rate limits).
   */
  trustProxy,
  /** How often the holder of the booking-sweep lease looks for due tooth-storage bookings (below the 15 s lease). */
  bookingSweepMs: Math.min(14_000, Math.max(100, num('BOOKING_SWEEP_MS', 10_000))),
  /**
   * After SIGTERM: how long /api/health answers 503 while still serving, before the port closes. Without a
   * proxy in front nobody polls the health call, so the port closes at once.
   */
  drainDelayMs: Math.max(0, num('DRAIN_DELAY_MS', trustProxy > 0 ? DEFAULT_DRAIN_DELAY_MS : 0)),
  /** Multiplies the hourly limits of the public forms (server/lib/guest-limits.ts); test runs raise it. */
  guestLimitScale: Math.max(1, num('GUEST_LIMIT_SCALE', 1)),
  /** Disk quota for photos uploaded by guests (all guests together), MB per day. */
  guestUploadMbPerDay: num('GUEST_UPLOAD_MB_PER_DAY', 200),
  /** Failed logins: base delay doubles per failure up to the cap. */
  loginDelayBaseMs: num('LOGIN_DELAY_BASE_MS', 250),
  loginDelayMaxMs: num('LOGIN_DELAY_MAX_MS', 8000),
  /** Largest JSON (or other non-multipart) request body, counted on the bytes actually read. */
  bodyLimitBytes: num('BODY_LIMIT_BYTES', 1024 * 1024),
  /** Multipart uploads: one file, the whole request, files per request (counted while streaming). */
  uploadFileMaxBytes: num('UPLOAD_FILE_MAX_BYTES', 15 * 1024 * 1024),
  uploadRequestMaxBytes: num('UPLOAD_REQUEST_MAX_BYTES', 100 * 1024 * 1024),
  uploadMaxFiles: num('UPLOAD_MAX_FILES', 60),
  /** All multipart requests together may hold this much in memory; beyond it they answer 503 uploads_busy. */
  uploadMemoryBytes: num('UPLOAD_MEMORY_BYTES', 256 * 1024 * 1024),
};
export type Config = typeof config;
