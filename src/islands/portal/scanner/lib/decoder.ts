// Decoding with ZXing: QR, DataMatrix and Code-128 (section 9) from a video frame's scan area or an
// uploaded photo. Inverted codes (light on dark) are tried too when the setting asks for it.
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

/** `tryHarder` costs time, so the live loop leaves it off and photos use it. */
export function createReader(tryHarder: boolean): CodeReader {
  const hints = new Map<DecodeHintType, unknown>();
  hints.set(DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE, BarcodeFormat.DATA_MATRIX, BarcodeFormat.CODE_128]);
  // Code-128 that starts with FNC1 is GS1-128: ZXing then prefixes ]C1 and turns later FNC1 into GS
  hints.set(DecodeHintType.ASSUME_GS1, true);
  if (tryHarder) hints.set(DecodeHintType.TRY_HARDER, true);
  return { readers: [['qr', new QRCodeReader()], ['datamatrix', new DataMatrixReader()], ['code128', new Code128Reader()]], hints };
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

/** Copies the scan area of the current video frame onto the canvas (at most 640 px, enough for ZXing). */
export function grabArea(video: HTMLVideoElement, canvas: HTMLCanvasElement, size: number): boolean {
  const w = video.videoWidth, h = video.videoHeight;
  if (!w || !h) return false;
  const a = scanArea(w, h, size);
  const out = Math.min(a.side, 640);
  if (canvas.width !== out) { canvas.width = out; canvas.height = out; }
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return false;
  ctx.drawImage(video, a.x, a.y, a.side, a.side, 0, 0, out, out);
  return true;
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
