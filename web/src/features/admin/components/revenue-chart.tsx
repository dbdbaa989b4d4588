import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatKsh } from '@mtumba/contract/money';

const HEIGHT = 240;

/** "12K" for the axis: short labels fit a phone. */
function shortKsh(value: number): string {
  if (Math.abs(value) >= 1_000_000) return `${Math.round(value / 100_000) / 10}M`;
  if (Math.abs(value) >= 1_000) return `${Math.round(value / 100) / 10}K`;
  return String(Math.round(value));
}

/**
 * Revenue by day as bars (uPlot: small, canvas-drawn; loaded only with the admin's dashboard
 * chunk). Days are Nairobi calendar days, drawn as UTC dates so no browser time zone shifts them.
 */
export function RevenueChart({ days }: { days: { date: string; revenue: number }[] }) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const xs = days.map((d) => Date.parse(`${d.date}T00:00:00Z`) / 1000);
    const ys = days.map((d) => d.revenue);
    const brand = getComputedStyle(document.documentElement).getPropertyValue('--mt-brand').trim() || '#7a3e1d';
    const opts: uPlot.Options = {
      width: Math.max(el.clientWidth, 200),
      height: HEIGHT,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: {
        // half a day either side, so the first and last bars are whole
        x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] },
        y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 100] },
      },
      series: [
        {},
        {
          label: 'Revenue',
          stroke: brand,
          fill: `${brand}cc`,
          width: 1,
          paths: uPlot.paths.bars!({ size: [0.7, 48], align: 0 }),
          points: { show: false },
          value: (_u, v) => (v === null ? '' : formatKsh(v)),
        },
      ],
      axes: [
        {
          stroke: '#5c534d',
          grid: { show: false },
          // whole days only: one label per day, week or month as space allows
          incrs: [86_400, 2 * 86_400, 7 * 86_400, 14 * 86_400, 30 * 86_400, 91 * 86_400],
          values: (_u, splits) => splits.map((s) => new Date(s * 1000).toISOString().slice(5, 10).replace('-', '/')),
        },
        { stroke: '#5c534d', size: 56, values: (_u, splits) => splits.map(shortKsh), grid: { stroke: '#e4dcd5' } },
      ],
    };
    const plot = new uPlot(opts, [xs, ys], el);
    const observer = new ResizeObserver(() => plot.setSize({ width: Math.max(el.clientWidth, 200), height: HEIGHT }));
    observer.observe(el);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [days]);

  const total = days.reduce((s, d) => s + d.revenue, 0);
  return (
    <div
      ref={ref}
      className="revenue-chart"
      role="img"
      aria-label={`Revenue by day, ${days[0]?.date ?? ''} to ${days.at(-1)?.date ?? ''}: ${formatKsh(total)} in all`}
      data-testid="revenue-chart"
    />
  );
}
