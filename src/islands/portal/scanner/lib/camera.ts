// Camera access for the live scanner: picks the stored device (else the back camera), lists the
// cameras, and runs the decode loop on the scan area until a code is read.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CodeReader, Decoded } from './decoder.ts';

export type CameraState = 'idle' | 'starting' | 'running' | 'no_camera' | 'denied' | 'error';
export interface Camera { deviceId: string; label: string }

/**
 * The decoder (ZXing, ~130 KB gz) is its own chunk, fetched only when a camera starts: the scanner page
 * paints and hydrates without it. One promise, so a restart does not fetch it again (a failed fetch is retried).
 */
let decoderModule: Promise<typeof import('./decoder.ts')> | null = null;
export const loadDecoder = () => (decoderModule ??= import('./decoder.ts').catch((e: unknown) => { decoderModule = null; throw e; }));

/** Frames per second the loop decodes: enough for a steady hand, light on phone batteries. */
const DECODE_INTERVAL_MS = 120;

function failure(e: unknown): CameraState {
  const name = (e as { name?: string } | null)?.name ?? '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError' || name === 'TypeError') return 'no_camera';
  return 'error';
}

async function listCameras(): Promise<Camera[]> {
  try {
    const all = await navigator.mediaDevices.enumerateDevices();
    return all.filter((d) => d.kind === 'videoinput').map((d, i) => ({ deviceId: d.deviceId, label: d.label || `#${i + 1}` }));
  } catch { return []; }
}

export interface ScanLoop {
  state: CameraState; cameras: Camera[]; activeDevice: string;
  start: () => void; stop: () => void;
}

/**
 * Runs the camera on `video` while `enabled`; every frame's scan area (`size`) is decoded, and the first
 * hit stops the loop and is handed to `onCode`.
 */
export function useScanLoop(opts: {
  video: React.RefObject<HTMLVideoElement | null>; enabled: boolean; deviceId: string; size: number; inverted: boolean;
  onCode: (d: Decoded) => void;
}): ScanLoop {
  const { video, enabled, deviceId, size, inverted, onCode } = opts;
  const [state, setState] = useState<CameraState>('idle');
  const [cameras, setCameras] = useState<Camera[]>([]);
  const [activeDevice, setActiveDevice] = useState('');
  const [run, setRun] = useState(0);
  const live = useRef({ size, inverted, onCode });
  live.current = { size, inverted, onCode };

  useEffect(() => {
    if (!enabled || run < 0) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const canvas = document.createElement('canvas');
    let decoder: Awaited<ReturnType<typeof loadDecoder>>;
    let reader: CodeReader;
    let barReader: CodeReader;
    let frame = 0;

    const tick = () => {
      if (stopped) return;
      const { decodeCanvas, grabArea, grabBar } = decoder;
      const v = video.current;
      // frames alternate between the square (all codes) and the wide bar band (Code-128 at native
      // resolution); with the inverted check every second pair tries the negative, so no frame costs more
      const phase = frame++ % (live.current.inverted ? 4 : 2);
      const bar = phase % 2 === 1;
      if (v && v.readyState >= 2 && (bar ? grabBar(v, canvas, live.current.size) : grabArea(v, canvas, live.current.size))) {
        const hit = decodeCanvas(bar ? barReader : reader, canvas, phase >= 2);
        if (hit) { stopped = true; stream?.getTracks().forEach((t) => t.stop()); setState('idle'); live.current.onCode(hit); return; }
      }
      timer = setTimeout(tick, DECODE_INTERVAL_MS);
    };

    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) { setState('no_camera'); return; }
      setState('starting');
      // the decoder downloads while the user answers the camera prompt
      const decoderReady = loadDecoder();
      decoderReady.catch(() => undefined); // awaited below; a camera failure first must not leave it unhandled
      const base = { width: { ideal: 1280 }, height: { ideal: 720 } };
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          audio: false, video: deviceId ? { ...base, deviceId: { exact: deviceId } } : { ...base, facingMode: { ideal: 'environment' } },
        });
      } catch (e) {
        // a stored camera that is gone: fall back to any camera
        if (deviceId && (e as { name?: string }).name !== 'NotAllowedError') {
          try { stream = await navigator.mediaDevices.getUserMedia({ audio: false, video: base }); } catch (e2) { if (!stopped) setState(failure(e2)); return; }
        } else { if (!stopped) setState(failure(e)); return; }
      }
      if (stopped) { stream.getTracks().forEach((t) => t.stop()); return; }
      setActiveDevice(stream.getVideoTracks()[0]?.getSettings().deviceId ?? '');
      void listCameras().then(setCameras);
      const v = video.current;
      if (!v) return;
      v.srcObject = stream;
      v.muted = true;
      v.setAttribute('playsinline', '');
      try { await v.play(); } catch { /* autoplay of a muted inline video is allowed; a refusal shows as a still frame */ }
      try { decoder = await decoderReady; } catch { if (!stopped) setState('error'); return; }
      reader = decoder.createReader(false);
      barReader = decoder.createReader(false, true);
      if (stopped) return;
      setState('running');
      tick();
    })();

    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
      const v = video.current;
      if (v) v.srcObject = null;
    };
  }, [enabled, deviceId, run, video]);

  const start = useCallback(() => setRun((r) => Math.abs(r) + 1), []);
  const stop = useCallback(() => { setRun(-1); setState('idle'); }, []);
  return { state, cameras, activeDevice, start, stop };
}
