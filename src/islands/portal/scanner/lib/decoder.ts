// Decoding with ZXing: QR, DataMatrix and Code-128 (section 9) from a video frame's scan area (a square
// for all codes plus a wide band for long 1-D codes) or an uploaded photo. Inverted codes (light on dark) are tried too when the setting asks for it.
import { HTMLCanvasElementLuminanceSource } from '@zxing/browser';
import {
  BarcodeFormat, BinaryBitmap, Code128Reader, DataMatrixReader, DecodeHintType, HybridBinarizer, QRCodeReader, type LuminanceSource, type Reader,
} from '@zxing/library';

export interface Decoded { text: string; format: 'qr' | 'datamatrix' | 'code128' }

/**
 * The three readers of section 9 (QR, DataMatrix, Code-128), tried one after the other. ZXing's
 * MultiFormatReader would do the same but logs a console warning for every frame without a code.
 */
export interface CodeReader { readers: [Decoded['format'], Reader][]; hints: Map<DecodeHintType, unknown> }

/** `tryHarder` costs time, so the live loop leaves it off and photos use it; `oneD` reads Code-128 only (the wide bar area). */
export function createReader(tryHarder: boolean, oneD = false): CodeReader {
  const hints = new Map<DecodeHintType, unknown>();
  hints.set(DecodeHintType.POSSIBLE_FORMATS, oneD ? [BarcodeFormat.CODE_128] : [BarcodeFormat.QR_CODE, BarcodeFormat.DATA_MATRIX, BarcodeFormat.CODE_128]);
  // Code-128 that starts with FNC1 is GS1-128: ZXing then prefixes ]C1 and turns later FNC1 into GS
  hints.set(DecodeHintType.ASSUME_GS1, true);
  if (tryHarder) hints.set(DecodeHintType.TRY_HARDER, true);
  const code128: [Decoded['format'], Reader] = ['code128', new Code128Reader()];
  return { readers: oneD ? [code128] : [['qr', new QRCodeReader()], ['datamatrix', new DataMatrixReader()], code128], hints };
}

function tryDecode(reader: CodeReader, source: LuminanceSource): Decoded | null {
  const bitmap = new BinaryBitmap(new HybridBinarizer(source));
  for (const [format, r] of reader.readers) {
    try {
      return { text: r.decode(bitmap, reader.hints as Map<DecodeHintType, never>).getText(), format };
    } catch {
      // NotFound / Checksum / Format: not this kind of code in this frame
    } finally {
      r.reset();
    }
  }
  return null;
}

/** Decodes what the canvas shows; with `inverted` also the negative image. */
export function decodeCanvas(reader: CodeReader, canvas: HTMLCanvasElement, inverted: boolean): Decoded | null {
  const src = new HTMLCanvasElementLuminanceSource(canvas);
  return tryDecode(reader, src) ?? (inverted ? tryDecode(reader, src.invert()) : null);
}

/** The square scan area in the middle of the frame: `size` of the shorter side. */
export function scanArea(width: number, height: number, size: number): { x: number; y: number; side: number } {
  const side = Math.max(1, Math.round(Math.min(width, height) * size));
  return { x: Math.round((width - side) / 2), y: Math.round((height - side) / 2), side };
}

/**
 * The area for 1-D codes: a band across the frame (92 % of the width, a third of the square's side
 * high, centred). A long GS1-128 (616 px at 2 px per bar) does not fit the square; a bar code only
 * needs a few rows, so the band stays cheap to decode.
 */
export function barArea(width: number, height: number, size: number): { x: number; y: number; w: number; h: number } {
  const side = scanArea(width, height, size).side;
  const w = Math.max(1, Math.round(width * 0.92));
  const h = Math.max(1, Math.min(height, Math.round(Math.max(side / 3, 48))));
  return { x: Math.round((width - w) / 2), y: Math.round((height - h) / 2), w, h };
}

/** Copies a part of the current video frame onto the canvas, scaled down only above `max` px. */
function grab(video: HTMLVideoElement, canvas: HTMLCanvasElement, r: { x: number; y: number; w: number; h: number }, max: number): boolean {
  const k = Math.min(1, max / Math.max(r.w, r.h));
  const ow = Math.max(1, Math.round(r.w * k)), oh = Math.max(1, Math.round(r.h * k));
  if (canvas.width !== ow || canvas.height !== oh) { canvas.width = ow; canvas.height = oh; }
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return false;
  ctx.drawImage(video, r.x, r.y, r.w, r.h, 0, 0, ow, oh);
  return true;
}

/** The square scan area of the current frame (at most 640 px, enough for ZXing's 2-D readers). */
export function grabArea(video: HTMLVideoElement, canvas: HTMLCanvasElement, size: number): boolean {
  const w = video.videoWidth, h = video.videoHeight;
  if (!w || !h) return false;
  const a = scanArea(w, h, size);
  return grab(video, canvas, { x: a.x, y: a.y, w: a.side, h: a.side }, 640);
}

/** The bar area of the current frame at the camera's native resolution: thin bars must not be scaled away. */
export function grabBar(video: HTMLVideoElement, canvas: HTMLCanvasElement, size: number): boolean {
  const w = video.videoWidth, h = video.videoHeight;
  if (!w || !h) return false;
  return grab(video, canvas, barArea(w, h, size), 4096);
}

function loadImage(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => { URL.revokeObjectURL(url); resolve(img); };
    img.onerror = () => { URL.revokeObjectURL(url); reject(new Error('image')); };
    img.src = url;
  });
}

/**
 * Decodes an uploaded photo: the whole picture first (scaled to at most 1600 px), then smaller
 * scales, since phone photos are large and ZXing finds small codes better at lower resolution.
 */
export async function decodeFile(file: Blob, inverted: boolean): Promise<Decoded | null> {
  const img = await loadImage(file);
  const reader = createReader(true);
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  const longest = Math.max(img.naturalWidth, img.naturalHeight) || 1;
  let last = 0;
  for (const max of [1600, 1000, 640]) {
    const k = Math.min(1, max / longest);
    if (k === last) continue; // a small photo: the same scale again would find nothing new
    last = k;
    canvas.width = Math.max(1, Math.round(img.naturalWidth * k));
    canvas.height = Math.max(1, Math.round(img.naturalHeight * k));
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
    const hit = decodeCanvas(reader, canvas, inverted);
    if (hit) return hit;
  }
  return null;
}
