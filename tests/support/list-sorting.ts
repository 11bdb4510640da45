/**
 * Checks of a back-office list sorted on the server (issue 32, contract/staff-sort.ts): under each of its sorts,
 * both ways, paging by LastEvaluatedKey gives every row once, in small pages as in one; descending is ascending
 * reversed; rows equal on the sorted field stand together.
 */
import { expect } from 'vitest';
import type { ListSort, SortDirection } from '../../contract/staff-sort.ts';

export interface Page<R> {
  rows: R[];
  key?: string | undefined;
}

export type ReadPage<F extends string, R> = (sort: ListSort<F>, size: number, key: string | undefined) => Promise<Page<R>>;

const DIRECTIONS: readonly SortDirection[] = ['asc', 'desc'];

/** Every page of a list under one sort, as the rows' ids in order; more pages than `most` fails (a key that does not move on). */
export async function pageThrough<R>(read: (key: string | undefined) => Promise<Page<R>>, id: (r: R) => string, most: number): Promise<string[]> {
  const ids: string[] = [];
  let key: string | undefined;
  for (let pages = 0; ; pages++) {
    expect(pages).toBeLessThanOrEqual(most);
    const page = await read(key);
    ids.push(...page.rows.map(id));
    key = page.key;
    if (!key) return ids;
  }
}

/** Values equal under a sort stand together: once the sequence leaves a value it never comes back to it. */
export function grouped(values: readonly string[]): boolean {
  const left = new Set<string>();
  return values.every((v, i) => {
    if (i > 0 && values[i - 1] !== v) left.add(values[i - 1]!);
    return !left.has(v);
  });
}

const ascending = (values: readonly string[]) => values.every((v, i) => i === 0 || values[i - 1]! <= v);

/** A number as text that compares as the number does (non-negative, below 10^12). */
export const padded = (n: number) => String(n).padStart(12, '0');

/**
 * One list under every sort of its: both directions page through `all` once, by 1, 2 and 3 as in one page,
 * descending the reverse of ascending, the sorted field's rows together, and in order where `value` compares as
 * the database orders (fields in `ordered`).
 */
export async function checkSorts<F extends string, R>(spec: {
  fields: readonly F[];
  all: readonly string[];
  read: ReadPage<F, R>;
  id: (r: R) => string;
  value: (field: F, r: R) => string;
  ordered: readonly F[];
}) {
  for (const field of spec.fields) {
    const seen: Partial<Record<SortDirection, string[]>> = {};
    for (const direction of DIRECTIONS) {
      const sort = { Field: field, Direction: direction };
      const whole = await spec.read(sort, 100, undefined);
      expect(whole.key).toBeUndefined();
      const ids = whole.rows.map(spec.id);
      for (const size of [1, 2, 3]) {
        expect(await pageThrough((key) => spec.read(sort, size, key), spec.id, spec.all.length + 1), `${field} ${direction} by ${size}`).toEqual(ids);
      }
      expect(new Set(ids).size, `${field} ${direction}: no row twice`).toBe(ids.length);
      expect([...ids].sort(), `${field} ${direction}: every row`).toEqual([...spec.all].sort());
      const values = whole.rows.map((r) => spec.value(field, r));
      expect(grouped(values), `${field} ${direction}: ties together`).toBe(true);
      if (spec.ordered.includes(field)) expect(ascending(direction === 'asc' ? values : [...values].reverse()), `${field} ${direction} in order`).toBe(true);
      seen[direction] = ids;
    }
    expect(seen.desc, `${field}: descending is ascending reversed`).toEqual([...seen.asc!].reverse());
  }
}
