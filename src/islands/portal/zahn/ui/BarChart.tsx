// Bar chart on a canvas with chart.js (loaded on first use; only the pieces a bar chart needs).
import { useEffect, useRef } from 'react';
import type { Chart as ChartType } from 'chart.js';

export interface BarSeries { labels: string[]; values: number[]; label: string }

export function BarChart({ data, title, horizontal, testId }: { data: BarSeries; title: string; horizontal?: boolean; testId?: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<ChartType | null>(null);
  useEffect(() => {
    let gone = false;
    void import('chart.js').then(({ Chart, BarController, BarElement, CategoryScale, LinearScale, Tooltip }) => {
      if (gone || !canvas.current) return;
      Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);
      const color = getComputedStyle(canvas.current).getPropertyValue('--zl-chart') || '#0a6ebd';
      const cfg = {
        labels: data.labels,
        datasets: [{ label: data.label, data: data.values, backgroundColor: color.trim() || '#0a6ebd', borderRadius: 3, maxBarThickness: 40 }],
      };
      if (chart.current) { chart.current.data = cfg; chart.current.update(); return; }
      chart.current = new Chart(canvas.current, {
        type: 'bar',
        data: cfg,
        options: {
          indexAxis: horizontal ? 'y' : 'x', responsive: true, maintainAspectRatio: false, animation: false,
          plugins: { tooltip: { enabled: true } },
          scales: { [horizontal ? 'x' : 'y']: { beginAtZero: true, ticks: { precision: 0 } } },
        },
      });
    });
    return () => { gone = true; };
  }, [data, horizontal]);
  useEffect(() => () => { chart.current?.destroy(); chart.current = null; }, []);
  // the canvas is not readable for screen readers: the table below carries the same numbers
  return (
    <figure className="zl-chart">
      <figcaption>{title}</figcaption>
      <div className={`zl-chart__box${horizontal ? ' zl-chart__box--h' : ''}`}>
        <canvas ref={canvas} role="img" aria-label={title} data-testid={testId} />
      </div>
      <table className="sh-sr">
        <caption>{title}</caption>
        <tbody>{data.labels.map((l, i) => <tr key={l + i}><th scope="row">{l}</th><td>{data.values[i]}</td></tr>)}</tbody>
      </table>
    </figure>
  );
}
