/**
 * The small type sizes come from the scale in tokens.css (--text-xs … --text-l): each size and weight a page uses is a
 * font the browser looks up and sets up (on Linux, a round trip to the browser process each), and a member's home had
 * nine sizes between 11.5 and 15 px that no reader told apart (issue 30). A new rule picks a step, not a tenth of a rem.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT_PX = 16;

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

/** The scale's steps, in px, as tokens.css declares them. */
function scaleSteps(): Map<string, number> {
  const tokens = readFileSync('src/ui/styles/tokens.css', 'utf8');
  return new Map([...tokens.matchAll(/--(text-[a-z]+):\s*([\d.]+)rem/g)].map(([, name, rem]) => [name!, Number(rem) * ROOT_PX]));
}

describe('the type scale', () => {
  it('has its four small steps', () => {
    expect([...scaleSteps().values()]).toEqual([12, 12.8, 14, 17.6]);
  });

  it('is where every small size in the stylesheets comes from', () => {
    const steps = new Set(scaleSteps().values());
    const offScale: string[] = [];
    for (const file of cssFiles('src')) {
      if (file.endsWith(path.join('styles', 'tokens.css'))) continue;
      for (const [, value] of readFileSync(file, 'utf8').matchAll(/font-size:\s*([^;}]+)/g)) {
        const literal = /^([\d.]+)(rem|px)$/.exec(value!.trim());
        if (!literal) continue;
        const px = Number(literal[1]) * (literal[2] === 'rem' ? ROOT_PX : 1);
        // Under the buttons' 15.2 px only the steps; a step spelled in px is the same font (SVG text, charts).
        const allowed = px >= 15.2 || (literal[2] === 'px' && steps.has(px));
        if (!allowed) offScale.push(`${file}: font-size: ${value!.trim()}`);
      }
    }
    expect(offScale).toEqual([]);
  });
});
