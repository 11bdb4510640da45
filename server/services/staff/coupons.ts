/**
 * Coupons in the back office (issue 32, contract/staff-coupons.ts): the coupons table the customers' calls
 * read (server/services/orders/coupons.ts) listed, made and changed by staff, each change with its audit row
 * in the change's own transaction.
 *
 * A change locks the coupon's row first, as checkout does before it counts and writes a use (lockCoupon): so
 * "no order holds a use" (the only time its amount or percent may change) cannot turn false between the
 * count and the update, and the new limits and dates hold for every checkout that comes after. So too a
 * disable: a checkout either took its use before it (and keeps it) or sees the coupon disabled.
 */
import { and, eq, gt, inArray, isNotNull, isNull, like, lte, sql, type SQL } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors.ts';
import { COUPON_ORDER_KINDS, type CouponOrderKind } from '../../../contract/staff-coupon-fields.ts';
import type { CouponStatus, StaffCoupon, StaffCouponSort } from '../../../contract/staff-coupons.ts';
import type { Db } from '../../db/client.ts';
import { couponRedemptions, coupons, productTypes } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http/errors.ts';
import { afterPageKey, keysetColumn, keysetOrder, nextPageKey, sortKeyset, type KeyPart } from '../keyset-pages.ts';
import { appendAudit } from './audit.ts';

/** The audit log's actions for a coupon made and a coupon changed. */
export const CREATE_COUPON_ACTION = 'coupon.create';
export const UPDATE_COUPON_ACTION = 'coupon.update';

export type CouponDeps = Pick<Deps, 'db' | 'clock'>;
type CouponRow = typeof coupons.$inferSelect;
type CouponChange = Partial<Omit<typeof coupons.$inferInsert, 'code'>>;

/** Orders holding a use of the coupon now (a use is given back when its order closes unpaid). */
const timesUsedColumn = sql<number>`(select count(*)::int from ${couponRedemptions} where ${couponRedemptions.couponCode} = ${coupons.code})`;

function statusAt(row: CouponRow, now: Date): CouponStatus {
  if (row.disabledAt) return 'disabled';
  if (now < row.validFrom) return 'scheduled';
  return now < row.validUntil ? 'active' : 'expired';
}

/** What an audit row keeps of a coupon: every stored field, in the contract's words. */
const auditView = (row: CouponRow) => ({
  CouponID: row.code,
  Name: { en: row.nameEn, zh: row.nameZh },
  Description: { en: row.descriptionEn, zh: row.descriptionZh },
  Kind: row.kind,
  ...(row.kind === 'percent' ? { Percent: (row.rateBp ?? 0) / 100 } : { Amount: { HKD: row.amountHkd ?? 0, USD: row.amountUsd ?? 0 } }),
  MinSpend: { HKD: row.minSpendHkd, USD: row.minSpendUsd },
  MaxUses: row.maxUses,
  MaxUsesPerMember: row.maxUsesPerMember,
  ValidFrom: row.validFrom.toISOString(),
  ValidUntil: row.validUntil.toISOString(),
  ProductTypeIDs: row.productTypeIds,
  OrderKinds: row.orderKinds,
  Listed: row.listed,
  DisabledAt: row.disabledAt?.toISOString() ?? null,
});

const toStaffCoupon = (row: CouponRow, timesUsed: number, now: Date): StaffCoupon => ({
  ...auditView(row),
  Status: statusAt(row, now),
  TimesUsed: timesUsed,
});

/** A LIKE pattern matching what begins with `text` (its own % _ and \ taken literally: codes may hold _). */
const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface CouponQuery {
  status: 'all' | CouponStatus;
  /** Normalised, as codes are. */
  codePrefix?: string | undefined;
  size: number;
  /** By code when absent. */
  sort?: StaffCouponSort | undefined;
  lastEvaluatedKey?: string | undefined;
}

/** The order of staff-list-coupons under each sort (contract StaffCouponSort): ties broken by code. */
const COUPON_SORTS: Record<StaffCouponSort['Field'], KeyPart[]> = {
  CouponID: [],
  Name: [{ expr: coupons.nameEn, type: 'text' }],
  Kind: [{ expr: coupons.kind, type: 'text' }],
  ValidFrom: [{ expr: coupons.validFrom, type: 'timestamptz' }],
  ValidUntil: [{ expr: coupons.validUntil, type: 'timestamptz' }],
  TimesUsed: [{ expr: timesUsedColumn, type: 'integer' }],
};

const couponKeyset = (sort: StaffCouponSort) => sortKeyset(sort.Field, sort.Direction, [...COUPON_SORTS[sort.Field], { expr: coupons.code, type: 'text' }]);

/** staff-list-coupons: by code (its primary key) or as `sort` asks, filtered and paged on the server. */
export async function listCoupons(deps: CouponDeps, q: CouponQuery): Promise<{ CouponList: StaffCoupon[]; LastEvaluatedKey?: string }> {
  const now = deps.clock.now();
  const conditions: SQL[] = [];
  // As statusAt decides: disabled first, the dates only for enabled coupons.
  if (q.status === 'disabled') conditions.push(isNotNull(coupons.disabledAt));
  if (q.status === 'scheduled') conditions.push(isNull(coupons.disabledAt), gt(coupons.validFrom, now));
  if (q.status === 'active') conditions.push(isNull(coupons.disabledAt), lte(coupons.validFrom, now), gt(coupons.validUntil, now));
  if (q.status === 'expired') conditions.push(isNull(coupons.disabledAt), lte(coupons.validUntil, now));
  if (q.codePrefix) conditions.push(like(coupons.code, prefixPattern(q.codePrefix)));
  const keyset = couponKeyset(q.sort ?? { Field: 'CouponID', Direction: 'asc' });
  const after = afterPageKey(keyset, q.lastEvaluatedKey);
  if (after) conditions.push(after);
  const rows = await deps.db
    .select({ row: coupons, timesUsed: timesUsedColumn, pageKey: keysetColumn(keyset) })
    .from(coupons)
    .where(and(...conditions))
    .orderBy(...keysetOrder(keyset))
    .limit(q.size + 1);
  const next = nextPageKey(keyset, rows, q.size);
  return {
    CouponList: rows.slice(0, q.size).map(({ row, timesUsed }) => toStaffCoupon(row, Number(timesUsed), now)),
    ...(next ? { LastEvaluatedKey: next } : {}),
  };
}

/** The ids once each, in the order given; 400 naming ProductTypeIDs when one is not a product type. */
async function knownProductTypes(db: Db, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const found = new Set((await db.select({ id: productTypes.id }).from(productTypes).where(inArray(productTypes.id, unique))).map((r) => r.id));
  const unknown = unique.filter((id) => !found.has(id));
  if (unknown.length) throw new ApiError(400, ErrorCode.InvalidParameter, `ProductTypeIDs is invalid: no product type ${unknown.join(', ')}`, 'ProductTypeIDs');
  return unique;
}

/** Each kind once, in COUPON_ORDER_KINDS' order: the same choice is stored (and compared) the same way. */
const orderKindsOf = (kinds: readonly CouponOrderKind[]): CouponOrderKind[] => COUPON_ORDER_KINDS.filter((k) => kinds.includes(k));

type Money = { HKD: number; USD: number };
type Bilingual = { en: string; zh: string };

/** A coupon's value as stored: a rate in basis points, or an amount per currency. */
const valueColumns = (value: { amount: Money } | { percent: number }) =>
  'amount' in value
    ? { kind: 'fixed' as const, rateBp: null, amountHkd: value.amount.HKD, amountUsd: value.amount.USD }
    : { kind: 'percent' as const, rateBp: Math.round(value.percent * 100), amountHkd: null, amountUsd: null };

export interface NewCoupon {
  code: string;
  name: Bilingual;
  description: Bilingual;
  value: { amount: Money } | { percent: number };
  minSpend: Money;
  maxUses: number | null;
  maxUsesPerMember: number | null;
  validFrom: Date;
  validUntil: Date;
  productTypeIds: readonly string[];
  /** Empty: every order kind. */
  orderKinds: readonly CouponOrderKind[];
  listed: boolean;
}

const codeTaken = () => new ApiError(400, ErrorCode.CouponCodeTaken, 'Another coupon has this code', 'CouponID');

/** staff-create-coupon: the coupon made with its audit row; a code taken already (even at the same moment) is CouponCodeTaken. */
export async function createCoupon(deps: CouponDeps, actorUserId: string, c: NewCoupon): Promise<StaffCoupon> {
  const productTypeIds = await knownProductTypes(deps.db, c.productTypeIds);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(coupons)
      .values({
        code: c.code,
        nameEn: c.name.en,
        nameZh: c.name.zh,
        descriptionEn: c.description.en,
        descriptionZh: c.description.zh,
        ...valueColumns(c.value),
        minSpendHkd: c.minSpend.HKD,
        minSpendUsd: c.minSpend.USD,
        maxUses: c.maxUses,
        maxUsesPerMember: c.maxUsesPerMember,
        validFrom: c.validFrom,
        validUntil: c.validUntil,
        productTypeIds,
        orderKinds: orderKindsOf(c.orderKinds),
        listed: c.listed,
      })
      .onConflictDoNothing({ target: coupons.code })
      .returning();
    if (!row) throw codeTaken();
    await appendAudit(tx, { at: now, actorUserId, action: CREATE_COUPON_ACTION, target: `coupon:${row.code}`, before: null, after: auditView(row) });
    return toStaffCoupon(row, 0, now);
  });
}

/** What staff may change; undefined: unchanged. */
export interface CouponEdit {
  code: string;
  name?: Bilingual | undefined;
  description?: Bilingual | undefined;
  amount?: Money | undefined;
  percent?: number | undefined;
  minSpend?: Money | undefined;
  maxUses?: number | null | undefined;
  maxUsesPerMember?: number | null | undefined;
  validFrom?: Date | undefined;
  validUntil?: Date | undefined;
  productTypeIds?: readonly string[] | undefined;
  orderKinds?: readonly CouponOrderKind[] | undefined;
  listed?: boolean | undefined;
  /** true: disabled from now (a coupon disabled already keeps its time); false: enabled. */
  disabled?: boolean | undefined;
}

/** The columns the edit would change (only those whose value differs from the row's). */
function changedColumns(before: CouponRow, e: CouponEdit, productTypeIds: string[] | undefined, now: Date): CouponChange {
  const wanted: CouponChange = {
    ...(e.name ? { nameEn: e.name.en, nameZh: e.name.zh } : {}),
    ...(e.description ? { descriptionEn: e.description.en, descriptionZh: e.description.zh } : {}),
    ...(e.amount ? valueColumns({ amount: e.amount }) : {}),
    ...(e.percent !== undefined ? valueColumns({ percent: e.percent }) : {}),
    ...(e.minSpend ? { minSpendHkd: e.minSpend.HKD, minSpendUsd: e.minSpend.USD } : {}),
    ...(e.maxUses !== undefined ? { maxUses: e.maxUses } : {}),
    ...(e.maxUsesPerMember !== undefined ? { maxUsesPerMember: e.maxUsesPerMember } : {}),
    ...(e.validFrom ? { validFrom: e.validFrom } : {}),
    ...(e.validUntil ? { validUntil: e.validUntil } : {}),
    ...(productTypeIds ? { productTypeIds } : {}),
    ...(e.orderKinds ? { orderKinds: orderKindsOf(e.orderKinds) } : {}),
    ...(e.listed !== undefined ? { listed: e.listed } : {}),
    ...(e.disabled !== undefined && e.disabled !== (before.disabledAt !== null) ? { disabledAt: e.disabled ? now : null } : {}),
  };
  const same = (a: unknown, b: unknown) => (a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : JSON.stringify(a) === JSON.stringify(b));
  return Object.fromEntries(Object.entries(wanted).filter(([column, value]) => !same(before[column as keyof CouponRow], value))) as CouponChange;
}

const VALUE_COLUMNS = ['kind', 'rateBp', 'amountHkd', 'amountUsd'] as const;

/**
 * staff-update-coupon: the changes applied under the coupon's row lock, with one audit row; nothing changed,
 * nothing written. Amount or percent only while no order holds a use (CouponAlreadyUsed otherwise).
 */
export async function updateCoupon(deps: CouponDeps, actorUserId: string, e: CouponEdit): Promise<StaffCoupon> {
  const productTypeIds = e.productTypeIds && (await knownProductTypes(deps.db, e.productTypeIds));
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(coupons).where(eq(coupons.code, e.code)).for('update');
    if (!before) throw new ApiError(400, ErrorCode.ObjectNotFound, 'No coupon has this code', 'CouponID');
    // Counted in a statement of its own, after the lock: it sees the uses of a checkout that held the lock first
    // (a count in the locking statement would read from before that checkout committed).
    const [counted] = await tx.select({ timesUsed: timesUsedColumn }).from(coupons).where(eq(coupons.code, e.code));
    const used = Number(counted?.timesUsed ?? 0);
    const change = changedColumns(before, e, productTypeIds, now);
    if (Object.keys(change).length === 0) return toStaffCoupon(before, used, now);

    if (VALUE_COLUMNS.some((column) => column in change) && used > 0) {
      const field = e.amount ? 'Amount' : 'Percent';
      throw new ApiError(400, ErrorCode.CouponAlreadyUsed, `This coupon has been used ${used} time(s): its ${field.toLowerCase()} can no longer change`, field, { timesUsed: used });
    }
    const validFrom = change.validFrom ?? before.validFrom;
    const validUntil = change.validUntil ?? before.validUntil;
    if (validUntil <= validFrom) {
      const field = e.validUntil ? 'ValidUntil' : 'ValidFrom';
      throw new ApiError(400, ErrorCode.InvalidParameter, `${field} is invalid: the coupon would end before it starts`, field);
    }

    const [after] = await tx.update(coupons).set(change).where(eq(coupons.code, e.code)).returning();
    await appendAudit(tx, { at: now, actorUserId, action: UPDATE_COUPON_ACTION, target: `coupon:${e.code}`, before: auditView(before), after: auditView(after!) });
    return toStaffCoupon(after!, used, now);
  });
}
