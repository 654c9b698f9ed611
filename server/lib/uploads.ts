// Photo uploads (service forms, tooth-cabinet digitisation): type by magic bytes, size limit,
// files under config.uploadDir/{kdnr|guest}/YYYY-MM/, a 400-px JPEG thumbnail, a row in `uploads`.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'hono';
import sharp from 'sharp';
import { config } from '../config.ts';
import type { Db, Tx } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { nowIso } from './time.ts';

export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
/** Whole multipart request; beyond this the client is told to send photos one by one. */
export const MAX_REQUEST_BYTES = 200 * 1024 * 1024;
export const THUMB_PX = 400;

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

/** Refuses oversized multipart requests before they are read into memory. */
export function checkRequestSize(c: Context): void {
  const len = Number(c.req.header('content-length') ?? 0);
  if (len > MAX_REQUEST_BYTES) throw new ApiError(413, 'upload_too_large', { maxBytes: MAX_REQUEST_BYTES });
}

/** Reads a multipart body; every field may repeat (arrays). Non-multipart bodies answer 400. */
export async function readMultipart(c: Context): Promise<Record<string, (string | File)[]>> {
  checkRequestSize(c);
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type) && !/^application\/x-www-form-urlencoded/i.test(type)) {
    throw new ApiError(400, 'multipart_required');
  }
  let body: Record<string, string | File | (string | File)[]>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch {
    throw new ApiError(400, 'invalid_input');
  }
  const out: Record<string, (string | File)[]> = {};
  for (const [k, v] of Object.entries(body)) out[k] = Array.isArray(v) ? v : [v];
  return out;
}

export interface CheckedImage { buf: Buffer; type: ImageType; name: string }

/** Size and type check of one file; throws 413 upload_too_large / 415 upload_type with the field name. */
export async function checkImage(file: File, field = 'photo'): Promise<CheckedImage> {
  if (file.size > MAX_UPLOAD_BYTES) throw new ApiError(413, 'upload_too_large', { field, maxBytes: MAX_UPLOAD_BYTES });
  const buf = Buffer.from(await file.arrayBuffer());
  if (buf.length > MAX_UPLOAD_BYTES) throw new ApiError(413, 'upload_too_large', { field, maxBytes: MAX_UPLOAD_BYTES });
  const type = sniffImage(buf);
  if (!type) throw new ApiError(415, 'upload_type', { field, allowed: ['image/jpeg', 'image/png', 'image/webp', 'image/heic'] });
  return { buf, type, name: file.name || field };
}

async function makeThumb(img: CheckedImage): Promise<Buffer | null> {
  try {
    return await sharp(img.buf, { failOn: 'error' }).rotate()
      .resize(THUMB_PX, THUMB_PX, { fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 80 }).toBuffer();
  } catch (e) {
    // The bundled libvips cannot decode HEVC-coded HEIC: keep the photo, no thumbnail.
    if (img.type.mime === 'image/heic') return null;
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
      'content-disposition': 'inline',
    },
  });
}

/** Public URLs of an upload for API answers. */
export const uploadUrls = (id: number, hasThumb: boolean) => ({
  id, url: `/api/uploads/${id}`, thumbUrl: hasThumb ? `/api/uploads/${id}/thumb` : null,
});
