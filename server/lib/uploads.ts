// Photo uploads (service forms, tooth-cabinet digitisation): type by magic bytes, size limit, and only
// what decodes as that type is stored — JPEG, PNG and WebP are decoded and re-encoded (metadata dropped);
// HEIC must be a well-formed HEIF container, is decoded by libheif (heic-decode: the bundled libvips
// cannot decode HEVC) and stored as a JPEG.
// Files under config.uploadDir/{kdnr|guest}/YYYY-MM/, a 400-px JPEG thumbnail, a row in `uploads`;
// served only to their owner, as a download-safe image (sandboxing CSP, no sniffing).
// Limits while reading the request: server/http/body.ts.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import heicDecode from 'heic-decode';
import { config } from '../config.ts';
import type { Db, Tx } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { nowIso } from './time.ts';

export const THUMB_PX = 400;
/** Decompression-bomb guard: larger images are refused before their pixels are allocated (60 MP, ~240 MB RGBA). */
export const MAX_PIXELS = 60_000_000;
const decode = (buf: Buffer) => sharp(buf, { failOn: 'error', limitInputPixels: MAX_PIXELS });

export interface ImageType { mime: string; ext: string }

/** Detects JPEG, PNG, WebP and HEIC/HEIF by their first bytes; the file name and declared type are ignored. */
export function sniffImage(buf: Uint8Array): ImageType | null {
  const b = buf;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  if (b.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b[i] === v)) return { mime: 'image/png', ext: 'png' };
  const ascii = (from: number, to: number) => String.fromCharCode(...b.subarray(from, to));
  if (b.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return { mime: 'image/webp', ext: 'webp' };
  // ISO-BMFF: size(4) 'ftyp' major-brand(4); iPhone photos use heic/heix/mif1
  if (b.length >= 12 && ascii(4, 8) === 'ftyp') {
    const brand = ascii(8, 12);
    if (['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)) return { mime: 'image/heic', ext: 'heic' };
  }
  return null;
}

export function isFile(v: unknown): v is File {
  return typeof v === 'object' && v !== null && typeof (v as File).arrayBuffer === 'function' && typeof (v as File).size === 'number';
}

export interface CheckedImage { buf: Buffer; type: ImageType; name: string }

const ALLOWED = ['image/jpeg', 'image/png', 'image/webp', 'image/heic'];
const undecodable = (field: string, detail?: string) =>
  new ApiError(415, 'upload_type', { field, allowed: ALLOWED, reason: 'undecodable', ...(detail ? { detail: detail.slice(0, 100) } : {}) });

/**
 * HEIF (ISO-BMFF) structure: top-level boxes with printable four-character types whose sizes chain exactly
 * to the end of the file, `ftyp` first and a `meta` box present. Anything appended or smuggled after the
 * magic bytes (an HTML page, a script) breaks the chain.
 */
export function isWellFormedHeif(buf: Buffer): boolean {
  let at = 0, first = true, meta = false;
  while (at < buf.length) {
    if (buf.length - at < 8) return false;
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    if (!/^[a-zA-Z0-9 ]{4}$/.test(type) || (first && type !== 'ftyp')) return false;
    if (size === 1) {
      if (buf.length - at < 16) return false;
      size = Number(buf.readBigUInt64BE(at + 8));
      if (size < 16) return false;
    } else if (size === 0) size = buf.length - at; // the last box runs to the end
    else if (size < 8) return false;
    if (at + size > buf.length) return false;
    if (type === 'meta') meta = true;
    at += size;
    first = false;
  }
  return meta;
}

/** Decodes the photo and encodes it again in its own format (orientation applied, metadata dropped). */
async function reencode(buf: Buffer, type: ImageType, field: string): Promise<Buffer> {
  try {
    const img = decode(buf).rotate();
    if (type.mime === 'image/png') return await img.png().toBuffer();
    if (type.mime === 'image/webp') return await img.webp({ quality: 90 }).toBuffer();
    return await img.jpeg({ quality: 90, mozjpeg: true }).toBuffer();
  } catch (e) {
    throw undecodable(field, (e as Error).message);
  }
}

const JPEG: ImageType = { mime: 'image/jpeg', ext: 'jpg' };

/** An iPhone photo: the first image of the HEIF file, decoded (pixel limit first) and encoded as JPEG. */
async function heicToJpeg(buf: Buffer, field: string): Promise<Buffer> {
  try {
    const [first] = await heicDecode.all({ buffer: buf });
    if (!first) throw new Error('no image in the file');
    if (first.width * first.height > MAX_PIXELS) throw new Error('too many pixels');
    const { width, height, data } = await first.decode();
    return await sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } })
      .jpeg({ quality: 90, mozjpeg: true }).toBuffer();
  } catch (e) {
    throw undecodable(field, (e as Error).message);
  }
}

/**
 * Size, type and content check of one file; throws 413 upload_too_large / 415 upload_type with the
 * field name. The answer holds the bytes to store: the photo decoded and encoded again (HEIC as JPEG).
 */
export async function checkImage(file: File, field = 'photo'): Promise<CheckedImage> {
  const max = config.uploadFileMaxBytes;
  if (file.size > max) throw new ApiError(413, 'upload_too_large', { field, maxBytes: max });
  const raw = Buffer.from(await file.arrayBuffer());
  const type = sniffImage(raw);
  if (!type) throw new ApiError(415, 'upload_type', { field, allowed: ALLOWED });
  const name = file.name || field;
  if (type.mime === 'image/heic') {
    if (!isWellFormedHeif(raw)) throw undecodable(field, 'not a well-formed HEIF file');
    return { buf: await heicToJpeg(raw, field), type: JPEG, name };
  }
  return { buf: await reencode(raw, type, field), type, name };
}

async function makeThumb(img: CheckedImage): Promise<Buffer | null> {
  try {
    return await decode(img.buf).rotate()
      .resize(THUMB_PX, THUMB_PX, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer();
  } catch (e) {
    throw new ApiError(415, 'upload_type', { reason: 'undecodable', detail: (e as Error).message.slice(0, 100) });
  }
}

export interface StoredFile { file: string; thumb: string | null; mime: string; size: number }

/**
 * Writes the checked images (and thumbnails) to disk. Returns relative paths for the `uploads` rows;
 * call removeFiles() if the database write that follows fails.
 */
export async function writeImages(kdnr: number | null, images: CheckedImage[]): Promise<StoredFile[]> {
  const month = nowIso().slice(0, 7);
  const relDir = path.join(kdnr ? String(kdnr) : 'guest', month);
  await fs.mkdir(path.join(config.uploadDir, relDir), { recursive: true });
  const out: StoredFile[] = [];
  try {
    for (const img of images) {
      const thumbBuf = await makeThumb(img);
      const base = randomBytes(12).toString('hex');
      const file = path.join(relDir, `${base}.${img.type.ext}`);
      await fs.writeFile(path.join(config.uploadDir, file), img.buf, { flag: 'wx' });
      let thumb: string | null = null;
      if (thumbBuf) {
        thumb = path.join(relDir, `${base}.thumb.jpg`);
        await fs.writeFile(path.join(config.uploadDir, thumb), thumbBuf, { flag: 'wx' });
      }
      out.push({ file, thumb, mime: img.type.mime, size: img.buf.length });
    }
  } catch (e) {
    await removeFiles(out);
    throw e;
  }
  return out;
}

export async function removeFiles(files: StoredFile[]): Promise<void> {
  for (const f of files) {
    for (const p of [f.file, f.thumb]) if (p) await fs.rm(path.join(config.uploadDir, p), { force: true }).catch(() => {});
  }
}

/** Inserts the `uploads` rows for files written by writeImages(); returns their ids in order. */
export async function insertUploads(
  tx: Db | Tx, rows: StoredFile[], owner: { kdnr: number | null; owner: string; ownerId: number | null },
): Promise<number[]> {
  const ids: number[] = [];
  for (const f of rows) {
    const r = await tx.insertInto('uploads').values({
      kdnr: owner.kdnr, owner: owner.owner, owner_id: owner.ownerId, file: f.file, thumb: f.thumb,
      mime: f.mime, size: f.size, created_at: nowIso(),
    }).returning('id').executeTakeFirstOrThrow();
    ids.push(Number(r.id));
  }
  return ids;
}

/** Absolute path of a stored file; refuses anything that would leave the upload directory. */
export function resolveStored(rel: string): string {
  const root = path.resolve(config.uploadDir);
  const abs = path.resolve(root, rel);
  if (abs !== root && !abs.startsWith(root + path.sep)) throw new ApiError(404, 'not_found');
  return abs;
}

/** The upload as a Response for its owner only (other customers and guests: 404). */
export async function serveUpload(db: Db, kdnr: number, id: number, variant: 'file' | 'thumb'): Promise<Response> {
  const row = await db.selectFrom('uploads').select(['file', 'thumb', 'mime']).where('id', '=', id).where('kdnr', '=', kdnr).executeTakeFirst();
  if (!row) throw new ApiError(404, 'not_found');
  const rel = variant === 'thumb' ? row.thumb : row.file;
  if (!rel) throw new ApiError(404, 'not_found', { reason: 'no_thumbnail' });
  let data: Buffer;
  try {
    data = await fs.readFile(resolveStored(rel));
  } catch {
    throw new ApiError(404, 'not_found');
  }
  return new Response(new Uint8Array(data), {
    headers: {
      'content-type': variant === 'thumb' ? 'image/jpeg' : row.mime,
      'content-length': String(data.length),
      'cache-control': 'private, max-age=86400',
      'x-content-type-options': 'nosniff',
      // shown as an image in the portal, never run as a document: no scripts, no plugins, own origin
      'content-security-policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      'content-disposition': `inline; filename="upload-${id}${variant === 'thumb' ? '.thumb' : ''}.${variant === 'thumb' ? 'jpg' : extOf(row.mime)}"`,
    },
  });
}

const extOf = (mime: string) => ({ 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/heic': 'heic' } as Record<string, string>)[mime] ?? 'bin';

/** Public URLs of an upload for API answers. */
export const uploadUrls = (id: number, hasThumb: boolean) => ({
  id, url: `/api/uploads/${id}`, thumbUrl: hasThumb ? `/api/uploads/${id}/thumb` : null,
});
