/**
 * Keyset paging under a chosen sort (issue 32: the back office's tables sort, filter and page on the server;
 * contract/staff-sort.ts). A sort orders by a tuple of expressions ending in the row's unique id, all in one
 * direction, so the order is total and ties never move between pages. The page key is the last row's tuple,
 * read from the database as text (a timestamp with its microseconds: a JavaScript Date would drop them and
 * make rows within the same millisecond repeat or vanish), tagged with the sort that made it: a key from one
 * sort sent with another is refused instead of answering wrong pages.
 */
import { asc, desc, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ErrorCode } from '../../contract/errors.ts';
import type { SortDirection } from '../../contract/staff-sort.ts';
import { ApiError } from '../http/errors.ts';

/** The database type of a key part: how its text is checked and cast back. */
export type KeyPartType = 'text' | 'integer' | 'bigint' | 'timestamptz';

export interface KeyPart {
  /** Never null (coalesce what may be), so the row comparison below holds for every row. */
  expr: SQLWrapper;
  type: KeyPartType;
}

export interface SortKeyset {
  /** Names the sort inside its keys ('CreatedAt:desc'). */
  tag: string;
  direction: SortDirection;
  parts: readonly KeyPart[];
}

/** A sort of a list: `parts` the sort's expressions then the row's id, all ordered in `direction`. */
export const sortKeyset = (field: string, direction: SortDirection, parts: readonly KeyPart[]): SortKeyset => ({ tag: `${field}:${direction}`, direction, parts });

/** The ORDER BY of the sort. */
export const keysetOrder = (k: SortKeyset): SQL[] => k.parts.map((p) => (k.direction === 'asc' ? asc(p.expr) : desc(p.expr)));

// A timestamp as UTC ISO 8601 with microseconds: exact, and read back by ::timestamptz whatever the session's zone.
const asText = (p: KeyPart): SQL => (p.type === 'timestamptz' ? sql`to_char(${p.expr} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : sql`(${p.expr})::text`);

/** A column to select beside each row: its key under this sort (pass the last row's to `nextPageKey`). */
export const keysetColumn = (k: SortKeyset): SQL<string> =>
  sql<string>`json_build_array(${sql.join(
    k.parts.map((p) => asText(p)),
    sql`, `,
  )})::text`;

const encode = (tag: string, values: readonly string[]) => Buffer.from(JSON.stringify([tag, ...values])).toString('base64url');

/**
 * The LastEvaluatedKey of a page read with `limit` = size + 1: the key of its last row when a further row was
 * found, else none.
 */
export function nextPageKey(k: SortKeyset, rows: readonly { pageKey: string }[], size: number): string | undefined {
  if (rows.length <= size) return undefined;
  return encode(k.tag, JSON.parse(rows[size - 1]!.pageKey) as string[]);
}

const invalid = (message = 'LastEvaluatedKey is invalid') => new ApiError(400, ErrorCode.InvalidParameter, message, 'LastEvaluatedKey');

const INT_MAX = 2_147_483_647;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** Whether `value` is what the database gave for a part of this type (a forged key is a 400, never a database error). */
function fits(type: KeyPartType, value: string): boolean {
  switch (type) {
    case 'text':
      return !value.includes('\0');
    case 'integer':
      return /^-?\d{1,10}$/.test(value) && Math.abs(Number(value)) <= INT_MAX;
    case 'bigint':
      return /^-?\d{1,18}$/.test(value);
    case 'timestamptz': {
      if (!TIMESTAMP.test(value)) return false;
      const millis = `${value.slice(0, 23)}Z`;
      const at = new Date(millis);
      return !Number.isNaN(at.getTime()) && at.toISOString() === millis;
    }
  }
}

/** The values a key holds, checked against the sort it must belong to. */
function decode(k: SortKeyset, key: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(key, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length < 2 || !parsed.every((x) => typeof x === 'string')) throw invalid();
  const [tag, ...values] = parsed as string[];
  if (tag !== k.tag) throw invalid('LastEvaluatedKey belongs to another sort of this list: start again from the first page');
  if (values.length !== k.parts.length || !values.every((value, i) => fits(k.parts[i]!.type, value))) throw invalid();
  return values;
}

/** The condition of the rows after `key` (from a page of the same sort); undefined for the first page. */
export function afterPageKey(k: SortKeyset, key: string | undefined): SQL | undefined {
  if (!key) return undefined;
  const values = decode(k, key);
  const row = sql.join(
    k.parts.map((p) => sql`${p.expr}`),
    sql`, `,
  );
  const after = sql.join(
    values.map((value, i) => sql`cast(${value} as ${sql.raw(k.parts[i]!.type)})`),
    sql`, `,
  );
  return k.direction === 'asc' ? sql`(${row}) > (${after})` : sql`(${row}) < (${after})`;
}
