// The scanner pages' island (kamera, kamera/scanresult/{codeData}, kamera/settings, kamera/tutorial,
// kamera/tutorial/mdr). It runs in the browser only: camera, stored settings and read flags live there.
import { useEffect } from 'react';
import { useT, type Messages } from '../../shop/lib/i18n.ts';
import { ensureCustomer } from '../../shop/lib/session.ts';
import { useScannerSettings } from './lib/settings.ts';
import ScannerView from './ScannerView.tsx';
import ResultView from './ResultView.tsx';
import SettingsView from './SettingsView.tsx';
import TutorialView from './TutorialView.tsx';
import './scanner.css';

export type ScannerPage = 'scanner' | 'result' | 'settings' | 'tutorial' | 'mdr';

export default function ScannerApp({ country, lang, page, messages }: { country: string; lang: string; page: ScannerPage; messages?: Messages }) {
  const t = useT(lang, messages);
  const s = useScannerSettings();
  useEffect(() => { void ensureCustomer(); }, []);
  const props = { country, lang, t };
  // reading a tutorial stores its flag; the re-render then shows what comes next
  const read = () => window.scrollTo(0, 0);

  if (page === 'result') return <ResultView {...props} />;
  if (page === 'settings') return <SettingsView {...props} />;
  // the MDR page asks first for its own tutorial; every tutorial page shows the scanner once read
  if (page === 'mdr' && !s.mdrTutorialRead) return <TutorialView {...props} kind="mdr" onRead={read} />;
  if (!s.tutorialRead) return <TutorialView {...props} kind="general" onRead={read} />;
  if (s.mode === 'log' && !s.mdrTutorialRead) return <TutorialView {...props} kind="mdr" onRead={read} />;
  return <ScannerView {...props} />;
}
