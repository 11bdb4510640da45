/**
 * The filter counts of a listing (getFilter), counted over its current results (issue 14): the products on
 * sale that the keyword finds (as searchProducts in products.ts finds them: a named category, corrected
 * words) within the listing's type and exclusions. Each group of filters counts the results of the other
 * groups' choices, so that a count says what choosing that option would find (any of a group's values
 * matches): with no choice made, the counts are those of the results. The price range spans the results
 * whatever range is chosen. Attribute options none of them has are left out, but for chosen ones.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { CallBody, getFilter } from '../../../contract/index.ts';
import type { Db } from '../../db/client.ts';
import { attributes, products, productTypes } from '../../db/schema.ts';
import { keywordCondition } from './product-match.ts';
import { filterConditions, filtersWithin } from './products.ts';
import { rowsOf } from './sql.ts';

export type FacetSearch = CallBody<typeof getFilter>;

type Bilingual = { en: string; zh: string };
export interface Facets {
  ProductTypeList: { ProductTypeID: string; Name: Bilingual; Count: number }[];
  FilterList: { Group: string; Name: Bilingual; Options: { AttributeID: string; Name: Bilingual; Count: number }[] }[];
  PriceRange: { HKD: { Min: number; Max: number }; USD: { Min: number; Max: number } };
}

export async function searchFacets(db: Db, body: FacetSearch): Promise<Facets> {
  const filters = filterConditions({ Currency: body.Currency ?? 'HKD', Filter: body.Filter, Range: body.Range, MustNot: body.MustNot });
  const fixed = [...filters.fixed, ...(body.ProductType ? [eq(products.typeId, body.ProductType)] : [])];
  const keyword = body.Keyword
    ? await keywordCondition(db, body.Keyword, [...filtersWithin(filters), ...fixed])
    : undefined;
  // A keyword that can find nothing (only punctuation), or types that are all excluded: no results to count.
  const nothing = keyword === null || filters.empty;
  const base = and(...fixed, ...(keyword ? [keyword] : []), ...(nothing ? [sql`false`] : []));
  const groups = [...filters.attributeGroups];
  const allAttributes = groups.length ? and(...groups.map(([, c]) => c)) : undefined;

  const typeRows = await db
    .select({ id: productTypes.id, nameEn: productTypes.nameEn, nameZh: productTypes.nameZh })
    .from(productTypes)
    .orderBy(asc(productTypes.sort));
  const typeCounts = await rowsOf<{ id: string; n: number }>(
    db,
    sql`select ${products.typeId} as id, count(*)::int as n from ${products}
      where ${and(base, allAttributes, ...filters.price)} group by ${products.typeId}`,
  );

  // Per attribute: the rows matching every other group's choice; a group without a choice sees them all.
  const otherGroups = groups.length
    ? sql`(case a."group" ${sql.join(
        groups.map(([group]) => {
          const others = groups.filter(([g]) => g !== group).map(([, c]) => c);
          return sql`when ${group} then ${others.length ? and(...others) : sql`true`}`;
        }),
        sql` `,
      )} else ${allAttributes} end)`
    : sql`true`;
  const options = await rowsOf<{ id: string; n: number }>(
    db,
    sql`select a.id, count(*)::int as n
      from ${products} cross join lateral jsonb_array_elements_text(${products.attributeIds}) as x(id)
      join ${attributes} a on a.id = x.id
      where ${and(base, filters.types, ...filters.price)} and ${otherGroups}
      group by a.id`,
  );
  const counted = new Map(options.map((o) => [o.id, Number(o.n)]));
  // Options some result has, and the chosen ones (so that they can be unchosen) even when none is left.
  const chosen = new Set(body.Filter?.Attribute ?? []);
  const attributeRows = counted.size || chosen.size ? await db.select().from(attributes).orderBy(asc(attributes.sort), asc(attributes.id)) : [];

  const [range] = await rowsOf<{ min_hkd: number; max_hkd: number; min_usd: number; max_usd: number }>(
    db,
    sql`select coalesce(min(${products.minPriceHkd}), 0)::int as min_hkd, coalesce(max(${products.minPriceHkd}), 0)::int as max_hkd,
        coalesce(min(${products.minPriceUsd}), 0)::int as min_usd, coalesce(max(${products.minPriceUsd}), 0)::int as max_usd
      from ${products} where ${and(base, filters.types, allAttributes)}`,
  );

  const byType = new Map(typeCounts.map((t) => [t.id, Number(t.n)]));
  const FilterList: Facets['FilterList'] = [];
  for (const a of attributeRows) {
    const count = counted.get(a.id) ?? 0;
    if (!count && !chosen.has(a.id)) continue;
    let group = FilterList.find((g) => g.Group === a.group);
    if (!group) FilterList.push((group = { Group: a.group, Name: { en: a.groupNameEn, zh: a.groupNameZh }, Options: [] }));
    group.Options.push({ AttributeID: a.id, Name: { en: a.nameEn, zh: a.nameZh }, Count: count });
  }
  return {
    ProductTypeList: typeRows.map((t) => ({ ProductTypeID: t.id, Name: { en: t.nameEn, zh: t.nameZh }, Count: byType.get(t.id) ?? 0 })),
    FilterList,
    PriceRange: {
      HKD: { Min: Number(range?.min_hkd ?? 0), Max: Number(range?.max_hkd ?? 0) },
      USD: { Min: Number(range?.min_usd ?? 0), Max: Number(range?.max_usd ?? 0) },
    },
  };
}
