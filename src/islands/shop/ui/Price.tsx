// Price block of section 9: 'on request', struck list price with floor discount, UVP label.
import { priceView, type ArticleItem, type Ctx } from '../lib/article.ts';
import type { T } from '../lib/i18n.ts';

export function Price({ a, ctx, t, large }: { a: ArticleItem; ctx: Ctx; t: T; large?: boolean }) {
  const p = priceView(a, ctx);
  if (p.onRequest) return <div className={`sh-price${large ? ' sh-price--lg' : ''}`}><span className="sh-price__request">{t('shop.on_request')}</span></div>;
  return (
    <div className={`sh-price${large ? ' sh-price--lg' : ''}`}>
      {p.strike && (
        <span className="sh-price__strike">
          <span className="sh-sr">{p.uvp ? t('shop.uvp') : t('shop.list_price')}{t('app.colon')} </span>
          {p.uvp && <abbr title={t('shop.uvp')}>{t('shop.uvp_short')} </abbr>}
          <s>{p.strike}</s>
        </span>
      )}
      <span className={`sh-price__now${p.strike ? ' sh-price__now--sale' : ''}`}>{p.price}</span>
      {!p.strike && p.uvp && <span className="sh-price__uvp" title={t('shop.uvp')}>{t('shop.uvp_short')}</span>}
      <span className="sh-price__vat">{t('shop.excl_vat')}</span>
    </div>
  );
}
