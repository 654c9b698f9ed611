// kamera/tutorial and kamera/tutorial/mdr: how to scan, and what the medical device regulation asks
// to document. "Understood" stores the read flag; from then on the scanner is shown instead.
import type { T } from '../../shop/lib/i18n.ts';
import { kameraPaths } from './lib/paths.ts';
import { setScanner } from './lib/settings.ts';

export const TUTORIAL_STEPS = {
  general: ['scanner.tutorial_step1', 'scanner.tutorial_step2', 'scanner.tutorial_step3', 'scanner.tutorial_step4'],
  mdr: ['scanner.mdr_step1', 'scanner.mdr_step2', 'scanner.mdr_step3', 'scanner.mdr_step4'],
} as const;

export default function TutorialView({ country, lang, t, kind, onRead }: {
  country: string; lang: string; t: T; kind: 'general' | 'mdr'; onRead: () => void;
}) {
  const paths = kameraPaths(country, lang);
  const done = () => {
    if (kind === 'general') setScanner.tutorialRead(true); else setScanner.mdrTutorialRead(true);
    onRead();
  };
  return (
    <article className="sc-tutorial" data-testid={`tutorial-${kind}`}>
      <h1>{t(kind === 'general' ? 'scanner.tutorial' : 'scanner.tutorial_mdr')}</h1>
      <p className="sc-tutorial__intro">{t(kind === 'general' ? 'scanner.tutorial_intro' : 'scanner.mdr_intro')}</p>
      <ol className="sc-steps">
        {TUTORIAL_STEPS[kind].map((k, i) => (
          <li key={k}><span className="sc-steps__no" aria-hidden="true">{i + 1}</span><span>{t(k)}</span></li>
        ))}
      </ol>
      {kind === 'general' && <p className="sc-codes">{t('scanner.codes')}</p>}
      <div className="sc-actions">
        <button type="button" className="sh-btn sh-btn--primary sh-btn--big" onClick={done} data-testid="tutorial-done">{t('scanner.tutorial_done')}</button>
        {kind === 'mdr' && <a className="sh-btn" href={paths.scanner} onClick={() => setScanner.mode('info')}>{t('scanner.mode_info')}</a>}
      </div>
    </article>
  );
}
