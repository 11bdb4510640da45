import { forwardRef } from 'react';
import type { StatechartLayout, TransitionEdge } from './statechart-layout.ts';

/**
 * Styles inside the SVG, so that an exported file looks like the page. Active states are
 * highlighted by class.
 */
const STYLE = `
.sc-box { fill: #fffdf8; stroke: #7a6a55; stroke-width: 1.2; }
.sc-box.sc-compound, .sc-box.sc-parallel { fill: #fbf6ec; }
.sc-box.sc-region { stroke-dasharray: 5 4; fill: #fffdf8; }
.sc-box.sc-final { stroke-width: 1.2; }
.sc-final-inner { fill: none; stroke: #7a6a55; stroke-width: 1; }
.sc-state.sc-active > .sc-box { stroke: #2f6b2a; stroke-width: 2.5; }
.sc-state.sc-active > .sc-box.sc-atomic, .sc-state.sc-active > .sc-box.sc-final { fill: #dcefd6; }
.sc-state.sc-active > .sc-title { fill: #1f4d1b; }
.sc-state.sc-root > .sc-box { fill: #fffdf8; stroke: #d8ccb8; stroke-width: 1; }
.sc-title { font: 600 12.5px system-ui, sans-serif; fill: #2b2118; }
.sc-text { font: 11px system-ui, sans-serif; fill: #5c4f40; }
.sc-note { font: 11px ui-monospace, monospace; fill: #3d5a80; }
.sc-initial { fill: #2b2118; }
.sc-edge { fill: none; stroke: #8c7b66; stroke-width: 1.2; }
.sc-arrow { fill: #8c7b66; }
.sc-label-bg { fill: #fffdf8; opacity: 0.9; }
.sc-label { font: 11px ui-monospace, monospace; fill: #2b2118; }
`;

function arrow(edge: TransitionEdge): string {
  const { x, y, fromX, fromY } = edge.end;
  const angle = Math.atan2(y - fromY, x - fromX);
  const size = 7;
  const a = (d: number) => `${x - size * Math.cos(angle + d)},${y - size * Math.sin(angle + d)}`;
  return `${x},${y} ${a(0.45)} ${a(-0.45)}`;
}

export const Statechart = forwardRef<SVGSVGElement, { layout: StatechartLayout; active: ReadonlySet<string>; title: string }>(
  function Statechart({ layout, active, title }, ref) {
    return (
      <svg
        ref={ref}
        xmlns="http://www.w3.org/2000/svg"
        className="statechart"
        role="img"
        aria-label={title}
        width={layout.width}
        height={layout.height}
        viewBox={`0 0 ${layout.width} ${layout.height}`}
      >
        <title>{title}</title>
        <style>{STYLE}</style>
        {layout.boxes.map((box) => {
          if (box.kind === 'initial') {
            return <circle key={box.id} className="sc-initial" cx={box.x + box.width / 2} cy={box.y + box.height / 2} r={5} data-initial-of={box.id.replace(/::initial$/, '')} />;
          }
          const isActive = active.has(box.id);
          const classes = ['sc-box', `sc-${box.kind}`, box.region ? 'sc-region' : ''].filter(Boolean).join(' ');
          let line = 0;
          const textY = () => box.y + 10 + 15 * ++line;
          return (
            <g
              key={box.id}
              className={`sc-state${box.depth === 0 ? ' sc-root' : isActive ? ' sc-active' : ''}`}
              data-state={box.id}
              data-active={isActive ? 'true' : 'false'}
            >
              <rect className={classes} x={box.x} y={box.y} width={box.width} height={box.height} rx={box.kind === 'final' ? 14 : 8} />
              {box.kind === 'final' && (
                <rect className="sc-final-inner" x={box.x + 3} y={box.y + 3} width={box.width - 6} height={box.height - 6} rx={11} />
              )}
              <text className="sc-title" x={box.x + 10} y={textY()}>
                {box.key}
                {box.kind === 'parallel' ? ' ∥' : ''}
              </text>
              {box.descriptionLines.map((text, i) => (
                <text key={`d${i}`} className="sc-text" x={box.x + 10} y={textY()}>
                  {text}
                </text>
              ))}
              {box.notes.map((text, i) => (
                <text key={`n${i}`} className="sc-note" x={box.x + 10} y={textY()}>
                  {text}
                </text>
              ))}
              {box.description && <title>{box.description}</title>}
            </g>
          );
        })}
        {layout.edges.map((edge) => (
          <g key={edge.id} className="sc-transition" data-source={edge.source} data-target={edge.target}>
            <path className="sc-edge" d={edge.path} />
            <polygon className="sc-arrow" points={arrow(edge)} />
            {edge.labelBox && (
              <>
                <rect className="sc-label-bg" x={edge.labelBox.x} y={edge.labelBox.y} width={edge.labelBox.width} height={edge.labelBox.height} />
                <text className="sc-label" x={edge.labelBox.x + 3} y={edge.labelBox.y + 11}>
                  {edge.labelLines.map((line, i) => (
                    <tspan key={i} x={edge.labelBox!.x + 3} dy={i === 0 ? 0 : 15}>
                      {line}
                      {edge.description && i === edge.labelLines.length - 1 ? ' *' : ''}
                    </tspan>
                  ))}
                </text>
              </>
            )}
            {edge.description && <title>{`${edge.label}: ${edge.description}`}</title>}
          </g>
        ))}
      </svg>
    );
  },
);
