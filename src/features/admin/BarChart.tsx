import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import './dashboard.css';

/**
 * A small bar chart for the back office (issue 32): the dashboard's revenue by day, a survey's counts per answer.
 * Hand-drawn SVG, no chart library: the /admin chunk stays small, and these charts need no axes, zoom or tooltips.
 *
 * Accessible as a picture with words: the SVG is role="img" named by `summary` (what a glance would tell: the
 * total, the highest bar), and the same figures stand in a table under it, folded in a <details> so that sighted
 * staff can open it too (screen readers and keyboards reach it as they would any table).
 */
export type Bar = {
  /** What the bar stands for (a day, an answer), as the table says it. */
  label: string;
  /** A shorter label under or beside the bar; '' for none (e.g. most days of a month). */
  short?: string;
  value: number;
  /** The value as words or money (HK$1,234.00); the plain number by default. */
  shown?: string;
};

const WIDTH = 600;
/** Columns: the plot's height and the room under it for the labels. */
const COLUMN_HEIGHT = 160;
const COLUMN_LABELS = 18;
/** Rows: each row's height, the label column's width and the room kept on the right for the value. */
const ROW_HEIGHT = 26;
const ROW_LABEL_WIDTH = 220;
const ROW_VALUE_WIDTH = 110;
/** Longest label drawn beside a row (the table has it whole). */
const ROW_LABEL_CHARS = 30;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function BarChart(props: {
  /** The chart's accessible name: what it shows and what stands out, in words. */
  summary: string;
  /** The table's caption and the name of the folded table's toggle. */
  caption: ReactNode;
  labelHeader: ReactNode;
  valueHeader: ReactNode;
  bars: Bar[];
  /** columns: bars side by side (a series over time); rows: one bar per line, labelled (answers). */
  layout?: 'columns' | 'rows';
  /** The value a full bar stands for (5 levels, the responses); the highest value by default. */
  max?: number;
}) {
  const { bars, layout = 'columns' } = props;
  const top = Math.max(props.max ?? 0, ...bars.map((b) => b.value), 0);
  const share = (value: number) => (top > 0 ? Math.max(0, value) / top : 0);
  return (
    <figure className="bar-chart">
      {layout === 'columns' ? <Columns bars={bars} share={share} summary={props.summary} /> : <Rows bars={bars} share={share} summary={props.summary} />}
      <details className="bar-chart-figures">
        <summary>
          <Trans>Figures</Trans>
        </summary>
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption>{props.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{props.labelHeader}</th>
                <th scope="col">{props.valueHeader}</th>
              </tr>
            </thead>
            <tbody>
              {bars.map((bar, i) => (
                <tr key={i}>
                  <th scope="row">{bar.label}</th>
                  <td>{bar.shown ?? bar.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

function Columns({ bars, share, summary }: { bars: Bar[]; share: (v: number) => number; summary: string }) {
  const slot = bars.length > 0 ? WIDTH / bars.length : WIDTH;
  const gap = Math.min(4, slot * 0.2);
  return (
    <svg className="bar-chart-svg" role="img" aria-label={summary} viewBox={`0 0 ${WIDTH} ${COLUMN_HEIGHT + COLUMN_LABELS}`}>
      <line className="bar-chart-axis" x1={0} x2={WIDTH} y1={COLUMN_HEIGHT} y2={COLUMN_HEIGHT} />
      {bars.map((bar, i) => {
        const height = share(bar.value) * (COLUMN_HEIGHT - 4);
        const x = i * slot + gap / 2;
        return (
          <g key={i}>
            <rect className="bar-chart-bar" x={x} y={COLUMN_HEIGHT - height} width={slot - gap} height={height}>
              <title>{`${bar.label}: ${bar.shown ?? bar.value}`}</title>
            </rect>
            {bar.short && (
              <text className="bar-chart-label" x={x + (slot - gap) / 2} y={COLUMN_HEIGHT + COLUMN_LABELS - 4} textAnchor="middle">
                {bar.short}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}

function Rows({ bars, share, summary }: { bars: Bar[]; share: (v: number) => number; summary: string }) {
  const plot = WIDTH - ROW_LABEL_WIDTH - ROW_VALUE_WIDTH;
  return (
    <svg className="bar-chart-svg" role="img" aria-label={summary} viewBox={`0 0 ${WIDTH} ${Math.max(1, bars.length) * ROW_HEIGHT}`}>
      {bars.map((bar, i) => {
        const y = i * ROW_HEIGHT;
        const width = share(bar.value) * plot;
        return (
          <g key={i}>
            <text className="bar-chart-label" x={ROW_LABEL_WIDTH - 8} y={y + ROW_HEIGHT / 2} textAnchor="end" dominantBaseline="middle">
              {clip(bar.short ?? bar.label, ROW_LABEL_CHARS)}
            </text>
            <rect className="bar-chart-track" x={ROW_LABEL_WIDTH} y={y + 4} width={plot} height={ROW_HEIGHT - 8} />
            <rect className="bar-chart-bar" x={ROW_LABEL_WIDTH} y={y + 4} width={width} height={ROW_HEIGHT - 8}>
              <title>{`${bar.label}: ${bar.shown ?? bar.value}`}</title>
            </rect>
            <text className="bar-chart-value" x={ROW_LABEL_WIDTH + plot + 8} y={y + ROW_HEIGHT / 2} dominantBaseline="middle">
              {bar.shown ?? bar.value}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
