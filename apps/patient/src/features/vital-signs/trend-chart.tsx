import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** A shaded range of the y axis (the normal range) — either end may be open. */
export interface ChartBand {
  low: number | null;
  high: number | null;
}

export interface TrendChartProps {
  /** Unix seconds, oldest first. */
  times: number[];
  /** One or two lines (blood pressure: systolic, diastolic); null where a point has no value. */
  lines: { values: (number | null)[]; dashed?: boolean }[];
  /** The normal ranges, drawn as a green band behind the lines. */
  bands: ChartBand[];
  /** The personal target's limits, drawn as dashed lines. */
  targetLines: number[];
  /** How a y value reads on the axis (e.g. minutes as hours). */
  formatValue: (value: number) => string;
  /** How an x value reads: a date, or a time within one day. */
  formatTime: (date: Date) => string;
  /** Tick steps of the y axis in its own unit (minutes shown as hours: 30, 60, 120 …). */
  yIncrs?: number[];
}

const LINE_COLOURS = ['#1d4ed8', '#9a3412'];
const BAND_FILL = 'rgba(11, 107, 46, 0.14)';
const TARGET_COLOUR = '#7a4b00';

/** The root font size: at 200 % text the axis labels grow with the rest of the screen. */
const fontPx = () =>
  Math.round(parseFloat(getComputedStyle(document.documentElement).fontSize || '16') * 0.875);

/**
 * The detail screen's trend chart (uPlot 1.6, loaded on demand: never in the first screen's
 * bundle). It fills its container's width and redraws when that changes, so a 360 px phone
 * and 200 % text both get readable axes. The chart itself is hidden from screen readers:
 * the screen puts a table of the same numbers beside it.
 */
export default function TrendChart({
  times,
  lines,
  bands,
  targetLines,
  formatValue,
  formatTime,
  yIncrs,
}: TrendChartProps) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const target = box.current;
    if (!target) return;
    const font = fontPx();
    const all = [
      ...lines.flatMap((l) => l.values.filter((v): v is number => v !== null)),
      ...bands.flatMap((b) => [b.low, b.high].filter((v): v is number => v !== null)),
      ...targetLines,
    ];
    const min = Math.min(...all);
    const max = Math.max(...all);
    const pad = Math.max((max - min) * 0.08, 1);
    const width = () => Math.max(target.clientWidth, 200);
    const height = Math.round(font * 15);

    const drawBands = (u: uPlot) => {
      const { ctx, bbox } = u;
      ctx.save();
      ctx.fillStyle = BAND_FILL;
      for (const band of bands) {
        const top = band.high === null ? bbox.top : u.valToPos(band.high, 'y', true);
        const bottom = band.low === null ? bbox.top + bbox.height : u.valToPos(band.low, 'y', true);
        const y0 = Math.max(bbox.top, Math.min(top, bottom));
        const y1 = Math.min(bbox.top + bbox.height, Math.max(top, bottom));
        if (y1 > y0) ctx.fillRect(bbox.left, y0, bbox.width, y1 - y0);
      }
      ctx.restore();
    };
    const drawTargets = (u: uPlot) => {
      const { ctx, bbox } = u;
      ctx.save();
      ctx.strokeStyle = TARGET_COLOUR;
      ctx.lineWidth = 2 * uPlot.pxRatio;
      ctx.setLineDash([8 * uPlot.pxRatio, 6 * uPlot.pxRatio]);
      for (const value of targetLines) {
        const y = u.valToPos(value, 'y', true);
        ctx.beginPath();
        ctx.moveTo(bbox.left, y);
        ctx.lineTo(bbox.left + bbox.width, y);
        ctx.stroke();
      }
      ctx.restore();
    };

    const axisFont = `${font}px system-ui, sans-serif`;
    // The y axis is as wide as its longest label ("0.8시간", "36.5"), never clipped.
    const measure = document.createElement('canvas').getContext('2d');
    if (measure) measure.font = axisFont;
    const yAxisSize = (_u: uPlot, values: string[] | null) => {
      const widest = Math.max(
        0,
        ...(values ?? []).map((v) => measure?.measureText(v).width ?? v.length * font),
      );
      return Math.ceil(widest + font * 1.2);
    };
    const plot = new uPlot(
      {
        width: width(),
        height,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          x: { time: true },
          y: { range: () => [min - pad, max + pad] },
        },
        axes: [
          {
            font: axisFont,
            size: font * 2.6,
            space: font * 6,
            values: (_u, splits) => splits.map((s) => formatTime(new Date(s * 1000))),
          },
          {
            font: axisFont,
            size: yAxisSize,
            ...(yIncrs ? { incrs: yIncrs } : {}),
            values: (_u, splits) => splits.map((s) => formatValue(s)),
          },
        ],
        series: [
          {},
          ...lines.map((line, i) => ({
            stroke: LINE_COLOURS[i % LINE_COLOURS.length],
            width: 2.5,
            dash: line.dashed ? [6, 4] : undefined,
            spanGaps: true,
            points: { show: true, size: 7 },
          })),
        ],
        hooks: { drawClear: [drawBands], draw: [drawTargets] },
      },
      [times, ...lines.map((l) => l.values)],
      target,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height }));
    resize.observe(target);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [times, lines, bands, targetLines, formatValue, formatTime, yIncrs]);

  return <div ref={box} className="vital-chart" aria-hidden="true" />;
}
