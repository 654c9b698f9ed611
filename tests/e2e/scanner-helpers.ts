// Test fixtures of the scanner specs: code images rendered with bwip-js, and a YUV4MPEG2 (C420) file
// that chromium plays as a fake camera (--use-file-for-fake-video-capture).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bwipjs from 'bwip-js/node';
import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';

export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

export interface CodeSpec { bcid: 'qrcode' | 'gs1datamatrix' | 'datamatrix' | 'code128' | 'gs1-128'; text: string; scale?: number }

/** PNG of a code with a white quiet zone. */
export function codePng(c: CodeSpec): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: c.bcid, text: c.text, scale: c.scale ?? 4, paddingwidth: 8, paddingheight: 8, backgroundcolor: 'FFFFFF',
    ...(c.bcid === 'code128' || c.bcid === 'gs1-128' ? { height: 12, includetext: false } : {}),
  });
}

/**
 * The code centred on a white W×H picture (RGB, 3 bytes per pixel), at most 40 % of the shorter side so
 * that it lies inside the scanner's default scan area (half of the shorter side); `native` keeps the
 * code's own pixels (a long bar code wider than the square, as a camera close to a label sees it).
 */
async function rgbFrame(png: Buffer, width: number, height: number, native = false): Promise<Buffer> {
  const max = Math.floor(Math.min(width, height) * 0.4);
  const meta = await sharp(png).metadata();
  const fit = !native && ((meta.width ?? 0) > max || (meta.height ?? 0) > max)
    ? await sharp(png).resize(max, max, { fit: 'inside', kernel: 'nearest' }).png().toBuffer() : png;
  return sharp({ create: { width, height, channels: 3, background: { r: 255, g: 255, b: 255 } } })
    .composite([{ input: fit, gravity: 'centre' }]).removeAlpha().raw().toBuffer();
}

/** RGB → I420 (BT.601, limited range): full-size Y plane, then U and V subsampled 2×2. */
export function rgbToI420(rgb: Buffer<ArrayBufferLike>, width: number, height: number): Buffer {
  const ySize = width * height, cw = width / 2, ch = height / 2;
  const out = Buffer.alloc(ySize + 2 * cw * ch);
  const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));
  for (let i = 0; i < ySize; i++) {
    const r = rgb[i * 3]!, g = rgb[i * 3 + 1]!, b = rgb[i * 3 + 2]!;
    out[i] = clamp(0.257 * r + 0.504 * g + 0.098 * b + 16);
  }
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      let r = 0, g = 0, b = 0;
      for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) {
        const p = ((y * 2 + dy) * width + x * 2 + dx) * 3;
        r += rgb[p]!; g += rgb[p + 1]!; b += rgb[p + 2]!;
      }
      r /= 4; g /= 4; b /= 4;
      out[ySize + y * cw + x] = clamp(-0.148 * r - 0.291 * g + 0.439 * b + 128);
      out[ySize + cw * ch + y * cw + x] = clamp(0.439 * r - 0.368 * g - 0.071 * b + 128);
    }
  }
  return out;
}

/** Writes a few identical frames of the code as a .y4m file and returns its path. */
export async function codeVideo(c: CodeSpec, name: string, width = 640, height = 480, frames = 5, native = false): Promise<string> {
  const frame = rgbToI420(await rgbFrame(await codePng(c), width, height, native), width, height);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420\n`);
  const parts: Buffer<ArrayBufferLike>[] = [header];
  for (let i = 0; i < frames; i++) parts.push(Buffer.from('FRAME\n'), frame);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanner-e2e-'));
  const file = path.join(dir, `${name}.y4m`);
  fs.writeFileSync(file, Buffer.concat(parts));
  return file;
}

/** Writes the code as a PNG photo (for the upload) and returns its path. */
export async function codePhoto(c: CodeSpec, name: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scanner-e2e-'));
  const file = path.join(dir, `${name}.png`);
  // a "photo": the code small on a larger light-grey background
  const png = await sharp({ create: { width: 900, height: 700, channels: 3, background: { r: 235, g: 235, b: 235 } } })
    .composite([{ input: await codePng(c), gravity: 'centre' }]).png().toBuffer();
  fs.writeFileSync(file, png);
  return file;
}


/** A photo without any code. */
export async function blankPhoto(): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'scanner-e2e-')), 'blank.png');
  fs.writeFileSync(file, await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 210, b: 220 } } }).png().toBuffer());
  return file;
}

/** Settings as the scanner stores them (persistent map "settings:"), before the first page runs. */
export async function presetSettings(page: Page, s: Record<string, string>): Promise<void> {
  await page.addInitScript((entries) => {
    if (sessionStorage.getItem('e2e-preset')) return;
    sessionStorage.setItem('e2e-preset', '1');
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(`settings:${k}`, v);
  }, s);
}

/** Logs the demo lab in, opens the kamera page's logbook in log mode and searches it for `lot`. */
export async function searchLogbook(page: Page, login: Record<string, unknown>, lot: string): Promise<Locator> {
  const r = await page.request.post('/api/login', { data: login });
  if (r.status() !== 200) throw new Error(`login: HTTP ${r.status()}`);
  await presetSettings(page, { scannerTutorialRead: '1', scannerMdrTutorialRead: '1', scannerMode: 'log' });
  await page.goto('/de/de/kamera/#logbuch');
  const logbook = page.getByTestId('logbook');
  await logbook.getByRole('searchbox').fill(lot);
  await logbook.getByRole('button', { name: 'Suchen' }).click();
  return logbook;
}
