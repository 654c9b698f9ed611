// verify/{tkn}: calls the verification call, then fully redirects to the returned address.
// The answer's verified=ok|already|missing|failed becomes a notice shown after the redirect.
import { useEffect, useState } from 'react';
import { request } from '../../lib/api.ts';
import { useT, type Messages } from './lib/i18n.ts';
import { setNotice, verifyNotice } from './lib/notice.ts';
import './shop.css';

export default function VerifyView({ tkn, country, lang, messages }: { tkn: string; country: string; lang: string; messages?: Messages }) {
  const t = useT(lang, messages);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    request('GET /api/guest/register/verify/:tkn/:country/:language', { params: { tkn, country, language: lang } }).then((target) => {
      const n = verifyNotice(target);
      if (n) setNotice(n);
      location.replace(target.startsWith('/') ? target : `/${country}/${lang}/`);
    }).catch(() => setFailed(true));
  }, [tkn, country, lang]);
  return (
    <div className="sh-center" role="status" data-testid="verify">
      {failed ? <p className="sh-error">{t('verify_not_completed')}</p> : <p>{t('app.loading')}</p>}
    </div>
  );
}
