import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { VitalSignSummary } from '@smartcare/contract/vital-signs';
import { NORMAL_LINES } from './trend-chart-lines';

const HEIGHT = 240;

/**
 * One kind's trend drawn with uPlot (loaded lazily with this module, issue 13): blood pressure
 * as two lines, the normal range's limits dashed. The caller shows the same data as a table.
 */
export function TrendChart({
  summary,
  label,
  seriesNames,
  timeLabel,
  locale,
}: {
  summary: VitalSignSummary;
  label: string;
  seriesNames: [string, string];
  /** The x axis' name in the legend ("시각"). */
  timeLabel: string;
  /** An Intl locale for the axis dates ("ko-KR"). */
  locale: string;
}) {
  const holder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const xs = summary.series.map((p) => Date.parse(p.at) / 1000);
    const ys = summary.series.map((p) => p.value);
    const twoLines = summary.kind === 'BLOOD_PRESSURE';
    const data: uPlot.AlignedData = twoLines ? [xs, ys, summary.series.map((p) => p.value2)] : [xs, ys];
    const guides = NORMAL_LINES[summary.kind]?.values ?? [];
    const values = [...ys, ...(twoLines ? summary.series.map((p) => p.value2 ?? p.value) : []), ...guides];
    const low = Math.min(...values);
    const high = Math.max(...values);
    const pad = Math.max(1, (high - low) * 0.1);
    // Dates in the console's language, not uPlot's English month names.
    const day = new Intl.DateTimeFormat(locale, { month: 'numeric', day: 'numeric' });
    const dayTime = new Intl.DateTimeFormat(locale, {
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    const plot = new uPlot(
      {
        width: Math.max(240, element.clientWidth),
        height: HEIGHT,
        legend: { show: true },
        // The whole period asked for, even with one reading in it.
        scales: {
          x: { time: true, range: [Date.parse(summary.from) / 1000, Date.parse(summary.to) / 1000] },
          y: { range: [low - pad, high + pad] },
        },
        axes: [{ values: (_, ticks) => ticks.map((tick) => day.format(new Date(tick * 1000))) }, {}],
        series: [
          { label: timeLabel, value: (_, v) => (v === null ? '--' : dayTime.format(new Date(v * 1000))) },
          { label: seriesNames[0], stroke: '#1762c8', width: 2, points: { show: xs.length < 60 } },
          ...(twoLines
            ? [{ label: seriesNames[1], stroke: '#c2410c', width: 2, points: { show: xs.length < 60 } }]
            : []),
        ],
        hooks: {
          draw: [
            (u) => {
              const { ctx } = u;
              ctx.save();
              ctx.setLineDash([6, 4]);
              ctx.strokeStyle = '#2b8a3e';
              ctx.lineWidth = 1.5;
              for (const value of guides) {
                const y = u.valToPos(value, 'y', true);
                ctx.beginPath();
                ctx.moveTo(u.bbox.left, y);
                ctx.lineTo(u.bbox.left + u.bbox.width, y);
                ctx.stroke();
              }
              ctx.restore();
            },
          ],
        },
      },
      data,
      element,
    );
    // The chart follows the panel's width (360 px phones up to wide screens).
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(240, element.clientWidth), height: HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [summary, seriesNames, timeLabel, locale]);

  return <div ref={holder} className="trend-chart" role="img" aria-label={label} />;
}
