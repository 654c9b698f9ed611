// Runs one generation build in a worker thread: the renderer's module graph (the site's bundle and its
// content, ~10 MB per publish) is loaded there and freed when the worker ends; ES modules once imported
// can never be unloaded from the server's own thread.
import { parentPort, workerData } from 'node:worker_threads';
import { buildGeneration, type GenerationInput } from './generation.ts';

const input = workerData as Omit<GenerationInput, 'liveFiles'> & { liveFiles: string[] };
try {
  const result = await buildGeneration({ ...input, liveFiles: new Set(input.liveFiles) });
  parentPort!.postMessage({ ok: true, result });
} catch (e) {
  parentPort!.postMessage({ ok: false, error: (e as Error).message });
}
