/** What an event changed in an actor's snapshot, path by path (`value`, `context.tokens.userID`, `status` …). */

export interface Change {
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before?: unknown;
  after?: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path ? `${path}.${key}` : key;
}

export function diff(before: unknown, after: unknown, path = '', out: Change[] = []): Change[] {
  if (Object.is(before, after)) return out;
  if (isRecord(before) && isRecord(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const p = join(path, key);
      if (!(key in after)) out.push({ path: p, kind: 'removed', before: before[key] });
      else if (!(key in before)) out.push({ path: p, kind: 'added', after: after[key] });
      else diff(before[key], after[key], p, out);
    }
    return out;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let i = 0; i < Math.max(before.length, after.length); i++) {
      const p = join(path, i);
      if (i >= after.length) out.push({ path: p, kind: 'removed', before: before[i] });
      else if (i >= before.length) out.push({ path: p, kind: 'added', after: after[i] });
      else diff(before[i], after[i], p, out);
    }
    return out;
  }
  // A state value that changes shape (string ⇄ object) reads best as one change.
  out.push({ path: path || '(whole)', kind: before === undefined ? 'added' : after === undefined ? 'removed' : 'changed', before, after });
  return out;
}

/** Short text for a value in a diff line. */
export function brief(value: unknown, max = 80): string {
  const text = value === undefined ? 'undefined' : typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
