import * as v from 'valibot';
import { SortOrder } from '../../../contract/index.ts';

/**
 * The filters and sort of a results page, kept in the URL so reload and back keep them. Route
 * files import this (it is on the first load), so it is only the schema, kept to schema pieces the
 * first load has anyway; `resultFilters` (queries.ts, loaded with the page) reads it further.
 * Anything malformed in a hand-edited URL is dropped rather than failing the page.
 */
const Text = v.fallback(v.optional(v.string()), undefined);
const Amount = v.fallback(v.optional(v.number()), undefined);

export const ResultSearchParams = v.object({
  /** Product type IDs, comma-separated (search_result only; box-set search forces its type). */
  type: Text,
  /** Attribute IDs, comma-separated: any of a group's values matches, every group must match. */
  attr: Text,
  /** Price range in the active currency's minor units. */
  min: Amount,
  max: Amount,
  sort: v.fallback(v.optional(SortOrder), undefined),
});
export type ResultSearch = v.InferOutput<typeof ResultSearchParams>;
