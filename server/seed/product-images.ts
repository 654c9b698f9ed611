// Product imagery of the seed: one drawn illustration per category (product family) and image size,
// rendered to WebP with sharp — about a hundred files, not one per article (the server maps each
// article to its category's file, server/http/product-images.ts). Regenerated only when the drawings
// or sizes change (a stamp file holds their hash), so a restart or a re-seed costs nothing.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { ARTICLE_IMAGE_WIDTHS, type ArticleImageSize } from '#rules/artnr.ts';
import { categoryImageFile } from '../lib/product-images.ts';
import { CATEGORIES } from '#data/reference/groups.ts';
import { productSvg } from './product-art.ts';

const STAMP = '.stamp';

/** Writes the images unless the directory already holds this version; returns the number written. */
export async function seedProductImages(dir: string): Promise<number> {
  const drawings = CATEGORIES.map((c) => ({ katId: c.katId, svg: productSvg(c.key) }));
  const stamp = crypto.createHash('sha256').update(JSON.stringify([ARTICLE_IMAGE_WIDTHS, drawings])).digest('hex');
  const stampFile = path.join(dir, STAMP);
  if (fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp) return 0;
  await fsp.mkdir(dir, { recursive: true });
  const sizes = Object.entries(ARTICLE_IMAGE_WIDTHS) as [ArticleImageSize, number][];
  let written = 0;
  // a few at a time: sharp has its own thread pool, the machine may have two cores
  for (let i = 0; i < drawings.length; i += 8) {
    await Promise.all(drawings.slice(i, i + 8).map(async ({ katId, svg }) => {
      // rasterise once at the largest size, then scale down
      const largest = Math.max(...sizes.map(([, w]) => w));
      const raster = await sharp(Buffer.from(svg), { density: 72 * (largest / 400) }).resize(largest, largest).png({ compressionLevel: 0 }).toBuffer();
      for (const [size, width] of sizes) {
        const out = await sharp(raster).resize(width, width).webp({ quality: size === 'small' ? 78 : 84, effort: 1 }).toBuffer();
        // write then rename: a server or a parallel test run reading meanwhile sees a whole file
        const file = categoryImageFile(dir, katId, size);
        await fsp.writeFile(`${file}.${process.pid}.tmp`, out);
        await fsp.rename(`${file}.${process.pid}.tmp`, file);
        written++;
      }
    }));
  }
  await fsp.writeFile(stampFile, stamp);
  return written;
}
