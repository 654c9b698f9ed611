// The quick order's camera: the scanner page's CameraBox (same @zxing reader, same stored camera,
// scan-area and inverted settings). Loaded on demand, so ZXing ships only when "scan" is pressed.
import type { T } from '../lib/i18n.ts';
import type { Decoded } from '../../portal/scanner/lib/decoder.ts';
import { useScannerSettings } from '../../portal/scanner/lib/settings.ts';
import { CameraBox } from '../../portal/scanner/ui/CameraBox.tsx';
import '../../portal/scanner/scanner.css';

export default function QuickScan({ t, onCode }: { t: T; onCode: (d: Decoded) => void }) {
  const s = useScannerSettings();
  return <CameraBox t={t} size={s.size} inverted={s.checkInverted} deviceId={s.device} onCode={onCode} />;
}
