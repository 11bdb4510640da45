import * as v from 'valibot';

/**
 * How the back office's lists sort and page on the server (issue 32: "tables that sort, filter and page on the
 * server"). A list call takes an optional Sort: one of its sortable fields (named as the field of the rows it
 * answers) and a direction. Rows that tie on the field keep a fixed order (the list's own further keys, then
 * the row's id, in the same direction), so paging by LastEvaluatedKey never repeats or skips a row. A key
 * belongs to the sort that answered it: sent with another sort it is refused 400 InvalidParameter naming
 * LastEvaluatedKey (start again at the first page).
 */

export const SortDirection = v.picklist(['asc', 'desc']);
export type SortDirection = v.InferOutput<typeof SortDirection>;

/** A list's sort: Field one of `fields`, Direction asc or desc. */
export const sortOf = <const F extends readonly [string, ...string[]]>(fields: F) => v.object({ Field: v.picklist(fields), Direction: SortDirection });

/** A sort as the back office's screens hold it. */
export interface ListSort<F extends string = string> {
  Field: F;
  Direction: SortDirection;
}

/**
 * Longest paging key a list call takes: a key carries the last row's sort values (an e-mail, a name, a time)
 * and its id, so it is longer than an id alone.
 */
export const PAGE_KEY_MAX = 1200;
export const PageKey = v.pipe(v.string(), v.maxLength(PAGE_KEY_MAX));
