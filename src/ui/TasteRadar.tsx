import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { FiveSenses } from '../../contract/index.ts';
import { formatLevel, SENSE_NAMES, SENSES } from './taste-words.ts';
import './taste-radar.css';

const LEVELS = [1, 2, 3, 4, 5] as const;
const MAX = 5;
// Wider than tall: the side labels need room, the top and bottom ones less.
const WIDTH = 280;
const HEIGHT = 212;
const CX = WIDTH / 2;
const CY = 112;
const RADIUS = 72;
const LABEL_RADIUS = RADIUS + 14;

/** Where a level lies on a sense's axis: axes start at the top and go round clockwise. */
function point(axis: number, level: number): [number, number] {
  const angle = -Math.PI / 2 + (axis * 2 * Math.PI) / SENSES.length;
  const r = (RADIUS * level) / MAX;
  return [CX + r * Math.cos(angle), CY + r * Math.sin(angle)];
}
const polygon = (levels: readonly number[]) => levels.map((level, axis) => point(axis, level).map((n) => n.toFixed(1)).join(',')).join(' ');

/**
 * The five senses (levels 1-5) drawn as a radar: five axes, a ring per level, the profile's shape over
 * them. Drawn by hand in SVG (some 1 kB) rather than with a chart library (tens of kB for one shape). The
 * values are also written out beside it, in words, and that list is the picture's description for
 * screen readers.
 */
export function TasteRadar({ senses, title }: { senses: FiveSenses; title?: string }) {
  const { t, i18n } = useLingui();
  const id = useId();
  const label = title ?? t`Five-senses profile`;
  const levels = SENSES.map((s) => Math.min(MAX, Math.max(0, senses[s])));
  return (
    <figure className="taste-radar">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-values`}
        className="taste-radar-chart"
      >
        <title id={`${id}-title`}>{label}</title>
        {LEVELS.map((level) => (
          <polygon key={level} points={polygon(SENSES.map(() => level))} className="taste-radar-ring" />
        ))}
        {SENSES.map((sense, axis) => {
          const [x, y] = point(axis, MAX);
          return <line key={sense} x1={CX} y1={CY} x2={x} y2={y} className="taste-radar-axis" />;
        })}
        <polygon points={polygon(levels)} className="taste-radar-shape" data-testid="taste-radar-shape" />
        {levels.map((level, axis) => {
          const [x, y] = point(axis, level);
          return <circle key={SENSES[axis]} cx={x} cy={y} r={3} className="taste-radar-dot" />;
        })}
        {SENSES.map((sense, axis) => {
          const angle = -Math.PI / 2 + (axis * 2 * Math.PI) / SENSES.length;
          const x = CX + LABEL_RADIUS * Math.cos(angle);
          const y = CY + LABEL_RADIUS * Math.sin(angle);
          const anchor = Math.abs(Math.cos(angle)) < 0.2 ? 'middle' : Math.cos(angle) > 0 ? 'start' : 'end';
          const baseline = Math.sin(angle) < -0.5 ? 'auto' : Math.sin(angle) > 0.5 ? 'hanging' : 'middle';
          return (
            <text key={sense} x={x} y={y} textAnchor={anchor} dominantBaseline={baseline} className="taste-radar-label" aria-hidden="true">
              {i18n._(SENSE_NAMES[sense])}
            </text>
          );
        })}
      </svg>
      <figcaption>
        <ul id={`${id}-values`} className="taste-radar-values">
          {SENSES.map((sense, axis) => {
            const name = i18n._(SENSE_NAMES[sense]);
            const value = formatLevel(levels[axis]!, i18n.locale);
            return (
              <li key={sense}>
                <span className="taste-radar-value-name">{name}</span>{' '}
                <span className="taste-radar-value">
                  <Trans>
                    {value} of 5
                  </Trans>
                </span>
                {/* A full stop between values, so that a screen reader pauses between them. */}
                <span className="visually-hidden">. </span>
              </li>
            );
          })}
        </ul>
      </figcaption>
    </figure>
  );
}
