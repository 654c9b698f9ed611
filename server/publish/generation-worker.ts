// The thread that builds site generations (server/publish/generation.ts, GenerationWorker): each publish
// imports that generation's renderer (the site's bundle and its content, ~12 MB), and ES modules once
// imported are never unloaded, so this runs apart from the server's own thread and is ended from time
// to time, which gives the memory back.
import { parentPort } from 'node:worker_threads';
import { buildGeneration, type GenerationInput } from './generation.ts';

type Request = { id: number; input: Omit<GenerationInput, 'liveFiles'> & { liveFiles: string[] } };

parentPort!.on('message', async ({ id, input }: Request) => {
  try {
    const result = await buildGeneration({ ...input, liveFiles: new Set(input.liveFiles) });
    parentPort!.postMessage({ id, ok: true, result });
  } catch (e) {
    parentPort!.postMessage({ id, ok: false, error: (e as Error).message });
  }
});
