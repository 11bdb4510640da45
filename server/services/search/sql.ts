/** The two raw-SQL helpers the search modules share. */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** A text[] bound as one parameter. */
export function textArray(values: readonly string[]): SQL {
  return sql`${sql.param([...values])}::text[]`;
}

/** Rows of a raw query; both drivers answer `{ rows }`. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
