// The patient work new batches go to (setting scannerPatientenarbeit).
import { useEffect, useState } from 'react';
import { ApiFailure } from '#lib/api.ts';
import type { T } from '#islands/shop/lib/i18n.ts';
import { logbook, type Work } from '../lib/logbook.ts';
import { setScanner } from '../lib/settings.ts';

export function workLabel(w: Pick<Work, 'auftragsnummer' | 'auftraggeber'>): string {
  return [w.auftragsnummer, w.auftraggeber.name].filter(Boolean).join(' · ');
}

export function CurrentWork({ t, workId, logbookHref }: { t: T; workId: number | null; logbookHref: string }) {
  const [work, setWork] = useState<Work | null>(null);
  useEffect(() => {
    setWork(null);
    if (!workId) return;
    let off = false;
    logbook.work(workId).then((w) => { if (!off) setWork(w); }).catch((e) => {
      // deleted meanwhile (or another customer's id in the stored settings): forget it
      if (!off && e instanceof ApiFailure && e.status === 404) setScanner.patientenarbeit(null);
    });
    return () => { off = true; };
  }, [workId]);
  return (
    <div className="sc-current" data-testid="current-work">
      <span className="sc-user__label">{t('scanner.current_work')}{t('app.colon')}</span>
      {workId && work ? <strong>{workLabel(work)}</strong> : <span className="sh-muted">{workId ? t('app.loading') : t('scanner.no_work_selected')}</span>}
      <a className="sh-btn sh-btn--small sh-btn--ghost" href={logbookHref}>{t('scanner.logbook')}</a>
    </div>
  );
}
