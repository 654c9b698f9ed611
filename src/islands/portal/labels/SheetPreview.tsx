// A drawing of one label sheet: page, margins, the labels (positions before the start offset shaded
// as already used) and the printer's non-printable edge. Geometry from src/lib/rules/labelLayout.ts.
import { computeLayout, type LabelGeometry } from '#rules/labelLayout.ts';
import type { T } from '../../shop/lib/i18n.ts';

export function SheetPreview({ t, geometry, offset = 0, used }: { t: T; geometry: LabelGeometry; offset?: number; used?: number }) {
  const layout = computeLayout(geometry);
  if (!layout) return <p className="sh-error pt-preview__err" role="alert">{t('label.does_not_fit')}</p>;
  const { pageW, pageH } = layout;
  const np = geometry.non_printable;
  const cells = Array.from({ length: layout.perPage }, (_, i) => ({ i, ...layout.cell(i) }));
  const fill = used === undefined ? layout.perPage : offset + used;
  return (
    <figure className="pt-preview">
      <svg viewBox={`-2 -2 ${pageW + 4} ${pageH + 4}`} role="img" aria-label={t('label.preview_aria', { count: layout.perPage, rows: geometry.rows, cols: geometry.cols })}
        data-testid="sheet-preview" data-labels={layout.perPage}>
        <rect x={0} y={0} width={pageW} height={pageH} className="pt-preview__page" />
        {np > 0 && <rect x={np} y={np} width={pageW - 2 * np} height={pageH - 2 * np} className="pt-preview__np" />}
        {cells.map((c) => (
          <rect key={c.i} x={c.x} y={c.y} width={geometry.width} height={geometry.height}
            className={c.i < offset ? 'pt-preview__label is-used' : c.i < fill ? 'pt-preview__label is-print' : 'pt-preview__label'} />
        ))}
      </svg>
      <figcaption className="sh-muted">
        {t('label.preview_caption', { count: layout.perPage, w: Math.round(pageW * 10) / 10, h: Math.round(pageH * 10) / 10 })}
      </figcaption>
    </figure>
  );
}
