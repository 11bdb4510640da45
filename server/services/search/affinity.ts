/**
 * A member's affinity: what the products they showed interest in say about other products. The product
 * search (products.ts) ranks equally relevant products closer to it first for a signed-in member.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, wishlistItems } from '../../db/schema.ts';

/** A product a member showed interest in, and how much that counts (a wishlist save counts 1). */
interface Interest {
  productId: string;
  typeId: string;
  attributeIds: readonly string[];
  weight: number;
}

/**
 * What a member's interests say about other products: the products themselves, their types and attributes,
 * each weighted by the interests behind it.
 */
export interface Affinity {
  products: ReadonlyMap<string, number>;
  types: ReadonlyMap<string, number>;
  attributes: ReadonlyMap<string, number>;
}

/** Attributes beyond these (the most shared ones are kept) add little and cost a check per row each. */
const AFFINITY_ATTRIBUTES = 24;

function affinityFrom(interests: readonly Interest[]): Affinity {
  const add = (map: Map<string, number>, key: string, weight: number) => map.set(key, (map.get(key) ?? 0) + weight);
  const productsOf = new Map<string, number>();
  const types = new Map<string, number>();
  const attributes = new Map<string, number>();
  for (const interest of interests) {
    add(productsOf, interest.productId, interest.weight);
    add(types, interest.typeId, interest.weight);
    for (const id of interest.attributeIds) add(attributes, id, interest.weight);
  }
  const strongest = [...attributes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, AFFINITY_ATTRIBUTES);
  return { products: productsOf, types, attributes: new Map(strongest) };
}

/**
 * The member's interests: the wishlist. Ordered products join here, weighted above a wishlist save, once
 * orders exist (next issue); the ranking takes whatever this answers.
 */
async function memberInterests(db: Db, userId: string): Promise<Interest[]> {
  const rows = await db
    .select({ productId: products.id, typeId: products.typeId, attributeIds: products.attributeIds })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.userId, userId));
  return rows.map((r) => ({ ...r, weight: 1 }));
}

export async function memberAffinity(db: Db, userId: string): Promise<Affinity> {
  return affinityFrom(await memberInterests(db, userId));
}

export const isEmptyAffinity = (a: Affinity): boolean => a.products.size === 0;

/** Per product: 10 per interest in it, plus the weights of its type and of each attribute it shares. */
export function affinityScore(a: Affinity): SQL {
  const weighted = (map: ReadonlyMap<string, number>, test: (key: string) => SQL, scale = 1) =>
    [...map].map(([key, weight]) => sql`(case when ${test(key)} then ${weight * scale} else 0 end)`);
  const parts = [
    ...weighted(a.products, (id) => sql`${products.id} = ${id}`, 10),
    ...weighted(a.types, (id) => sql`${products.typeId} = ${id}`),
    ...weighted(a.attributes, (id) => sql`${products.attributeIds} ? ${id}`),
  ];
  return parts.length ? sql`(${sql.join(parts, sql` + `)})` : sql`0`;
}
