// The order summary box of checkout and submit: the server's priced summary line by line (lines,
// free gift at 0, subtotal, each discount once, shipping, net, VAT per rate, gross). It only shows
// what the server computed, so every place adds up the same way.
import type { T } from '../lib/i18n.ts';
import { money, type Ctx } from '../lib/article.ts';
import type { MoneySummary } from '#api/money.ts';
import './money.css';

export function percentText(p: number | null, lang: string): string {
  try { return new Intl.NumberFormat(lang).format(p ?? 0); } catch { return String(p ?? 0); }
}

/** The label of a discount row: promotion, benefit code in percent, or instant discount (with its code). */
export function discountLabel(t: T, d: MoneySummary['discounts'][number], lang: string): string {
  if (d.kind === 'promotion') return t('checkout.promotion_discount', { percent: percentText(d.percent, lang) });
  if (d.kind === 'percent') return `${t('checkout.benefit_code')} ${d.label} (${percentText(d.percent, lang)}\u00a0%)`;
  return `${t('checkout.instant_discount')} (${d.label})`;
}

export function MoneySummaryBox({ s, t, ctx, showLines = true }: { s: MoneySummary; t: T; ctx: Ctx; showLines?: boolean }) {
  const m = (v: number) => money(v, ctx, s.currency);
  return (
    <div className="sh-money" data-testid="money-summary">
      {showLines && (
        <ul className="sh-sumlines">
          {s.lines.map((l) => (
            <li key={`${l.artnr}${l.gift ? '-gift' : ''}`} data-kind={l.gift ? 'gift' : 'line'} data-artnr={l.artnr}>
              <span>{l.menge} × {l.gift ? `${t('checkout.free_gift')}${t('app.colon')} ` : ''}{l.bezeichnung}</span>
              <span data-amount>{m(l.net)}</span>
            </li>
          ))}
        </ul>
      )}
      <dl className="sh-totals">
        <div data-kind="subtotal"><dt>{t('checkout.subtotal')}</dt><dd data-amount>{m(s.subtotal)}</dd></div>
        {s.discounts.map((d) => (
          <div key={`${d.kind}-${d.label}`} data-kind="discount"><dt>{discountLabel(t, d, ctx.lang)}</dt><dd data-amount>−{m(d.amount)}</dd></div>
        ))}
        <div data-kind="shipping"><dt>{t('checkout.shipping_costs')}</dt><dd data-amount data-testid="checkout-shipping">{m(s.shipping.amount)}</dd></div>
        <div className="sh-totals__net" data-kind="net"><dt>{t('checkout.total_net')}</dt><dd data-amount>{m(s.net)}</dd></div>
        {s.vat.map((v) => (
          <div key={v.percent} data-kind="vat" data-percent={v.percent}>
            <dt>{t('checkout.vat_rate', { percent: percentText(v.percent, ctx.lang) })}</dt><dd data-amount>{m(v.amount)}</dd>
          </div>
        ))}
        <div className="sh-totals__sum" data-kind="gross"><dt>{t('checkout.total_gross')}</dt><dd data-amount data-testid="checkout-total">{m(s.gross)}</dd></div>
      </dl>
      {s.reverseCharge && <p className="sh-muted">{t('checkout.reverse_charge')}</p>}
    </div>
  );
}
