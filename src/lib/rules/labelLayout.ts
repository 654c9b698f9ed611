// Page geometry of a label template (section 3 "Print label template"), in mm. Shared by the API
// (PDF rendering, validation) and the label editor's preview.

export const PAPER_MM: Record<string, [number, number]> = { A4: [210, 297], A5: [148, 210], Letter: [215.9, 279.4] };

/** The geometry fields of a template. */
export interface LabelGeometry {
  paper: string; orientation: string; rows: number; cols: number;
  margins: { top: number; right: number; bottom: number; left: number };
  padding: number; non_printable: number; width: number; height: number;
}

export interface Layout {
  pageW: number; pageH: number; gapX: number; gapY: number; perPage: number;
  /** top-left corner (mm from the page's top-left) of label i on a page, row-major */
  cell: (i: number) => { x: number; y: number };
}

/**
 * Page geometry. Standard papers: the labels sit inside the margins and the space left over is
 * spread evenly between rows/columns (how label sheets are built). Custom paper: the page is exactly
 * margins + labels (label rolls). Fits when the labels stay inside the margins and the printable part
 * of every label (inside its padding) stays out of the printer's non-printable edge.
 */
export function computeLayout(t: LabelGeometry): Layout | null {
  const m = t.margins;
  let pageW: number, pageH: number;
  if (t.paper === 'custom') {
    pageW = m.left + t.cols * t.width + m.right;
    pageH = m.top + t.rows * t.height + m.bottom;
  } else {
    const [w, h] = PAPER_MM[t.paper]!;
    [pageW, pageH] = t.orientation === 'landscape' ? [h, w] : [w, h];
  }
  const EPS = 0.01;
  const availW = pageW - m.left - m.right, availH = pageH - m.top - m.bottom;
  if (t.cols * t.width > availW + EPS || t.rows * t.height > availH + EPS) return null;
  if (2 * t.padding >= t.width || 2 * t.padding >= t.height) return null;
  const np = t.non_printable;
  if (m.left + t.padding < np - EPS || m.right + t.padding < np - EPS || m.top + t.padding < np - EPS || m.bottom + t.padding < np - EPS) return null;
  const gapX = t.cols > 1 ? Math.max(0, (availW - t.cols * t.width) / (t.cols - 1)) : 0;
  const gapY = t.rows > 1 ? Math.max(0, (availH - t.rows * t.height) / (t.rows - 1)) : 0;
  return {
    pageW, pageH, gapX, gapY, perPage: t.rows * t.cols,
    cell: (i) => {
      const r = Math.floor(i / t.cols), c = i % t.cols;
      return { x: m.left + c * (t.width + gapX), y: m.top + r * (t.height + gapY) };
    },
  };
}

