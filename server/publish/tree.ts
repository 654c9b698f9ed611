// File operations of a site generation: a new generation starts as hard links to the files of the one it
// derives from (copy-on-write: a changed file is written as a new file, never into the shared inode).
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

/** Mirrors `src` into `dest` (which must not exist) as hard links; copies where linking is impossible (another file system). */
export async function linkTree(src: string, dest: string): Promise<void> {
  await fsp.mkdir(dest, { recursive: true });
  const entries = await fsp.readdir(src, { withFileTypes: true });
  const files = entries.filter((e) => e.isFile());
  await Promise.all(entries.filter((e) => e.isDirectory()).map((e) => linkTree(path.join(src, e.name), path.join(dest, e.name))));
  for (let i = 0; i < files.length; i += 64) {
    await Promise.all(files.slice(i, i + 64).map(async (e) => {
      const from = path.join(src, e.name), to = path.join(dest, e.name);
      try { await fsp.link(from, to); } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV' && (err as NodeJS.ErrnoException).code !== 'EPERM') throw err;
        await fsp.copyFile(from, to);
      }
    }));
  }
}

/**
 * Replaces `file` by `data`: written to a temporary name and renamed over it, so the directory entry
 * points to a new inode (the linked file of the previous generation keeps its bytes) and no reader
 * ever sees a half-written file.
 */
export async function replaceFile(file: string, data: Buffer | string): Promise<void> {
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${randomUUID()}.tmp`;
  await fsp.writeFile(tmp, data);
  await fsp.rename(tmp, file);
}
