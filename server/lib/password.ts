// Passwords: scrypt (memory-hard, built into Node) with a per-password salt; format scrypt$N$r$p$salt$hash.
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const N = 16384, R = 8, P = 1, KEYLEN = 32;

function scrypt(pw: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  const opts: ScryptOptions = { N: n, r, p, maxmem: 64 * 1024 * 1024 };
  return new Promise((res, rej) => scryptCb(pw, salt, KEYLEN, opts, (e, k) => (e ? rej(e) : res(k))));
}

export async function hashPassword(pw: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(pw, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

// A real hash to compare against when there is none (unknown account, no online access, malformed),
// so every check costs one scrypt and the answer time does not tell which case it was.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword('not-a-password-' + randomBytes(16).toString('base64url')));

function parse(stored: string | null): { n: number; r: number; p: number; salt: Buffer; hash: Buffer } | null {
  const [algo, n, r, p, salt, hash] = (stored ?? '').split('$');
  const [cn, cr, cp] = [Number(n), Number(r), Number(p)];
  if (algo !== 'scrypt' || !salt || !hash || !(cn >= 2 && cn <= 2 ** 20 && cr >= 1 && cr <= 32 && cp >= 1 && cp <= 16)) return null;
  return { n: cn, r: cr, p: cp, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
}

/** True when `pw` matches `stored`; without a usable hash it still runs one scrypt and answers false. */
export async function verifyPassword(pw: string, stored: string | null): Promise<boolean> {
  const real = parse(stored);
  const h = real ?? parse(await getDummyHash())!;
  const key = await scrypt(pw, h.salt, h.n, h.r, h.p);
  const same = h.hash.length === key.length && timingSafeEqual(h.hash, key);
  return real !== null && same;
}
