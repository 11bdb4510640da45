/** Business enquiries in the back office (issue 32): listed by status, newest first or as sorted; status and note changed with an audit row. */
import { and, eq, type SQL } from 'drizzle-orm';
import type { EnquirySort, EnquiryStatus, StaffEnquiry } from '../../../contract/staff-b2b.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import type { Db } from '../../db/client.ts';
import { b2bEnquiries } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http/errors.ts';
import { afterPageKey, keysetColumn, keysetOrder, nextPageKey, sortKeyset, type KeyPart } from '../keyset-pages.ts';
import { appendAudit } from './audit.ts';

export const UPDATE_ENQUIRY_ACTION = 'enquiry.update';

type EnquiryRow = typeof b2bEnquiries.$inferSelect;

const toStaffEnquiry = (r: EnquiryRow): StaffEnquiry => ({
  EnquiryID: r.id,
  FullName: r.fullName,
  Email: r.email,
  Phone: `${r.countryCallingCode} ${r.contactNumber}`.trim(),
  EnquiryType: r.enquiryType as StaffEnquiry['EnquiryType'],
  Message: r.message,
  Language: r.language,
  CreatedAt: r.createdAt.toISOString(),
  Status: r.status,
  Note: r.staffNote,
  StatusChangedAt: r.statusChangedAt?.toISOString() ?? null,
});

/** The order of staff-list-enquiries under each sort (contract EnquirySort): ties broken by creation, then id. */
const ENQUIRY_SORTS: Record<EnquirySort['Field'], KeyPart[]> = {
  CreatedAt: [],
  FullName: [{ expr: b2bEnquiries.fullName, type: 'text' }],
  EnquiryType: [{ expr: b2bEnquiries.enquiryType, type: 'text' }],
  Status: [{ expr: b2bEnquiries.status, type: 'text' }],
};

const enquiryKeyset = (sort: EnquirySort) =>
  sortKeyset(sort.Field, sort.Direction, [
    ...ENQUIRY_SORTS[sort.Field],
    // Ids are not ordered and times may tie: both, so the order is total.
    { expr: b2bEnquiries.createdAt, type: 'timestamptz' },
    { expr: b2bEnquiries.id, type: 'text' },
  ]);

export async function listEnquiries(db: Db, query: { status: EnquiryStatus | 'all'; size: number; sort: EnquirySort; lastEvaluatedKey?: string | undefined }) {
  const keyset = enquiryKeyset(query.sort);
  const where: SQL[] = [];
  if (query.status !== 'all') where.push(eq(b2bEnquiries.status, query.status));
  const after = afterPageKey(keyset, query.lastEvaluatedKey);
  if (after) where.push(after);
  const rows = await db
    .select({ enquiry: b2bEnquiries, pageKey: keysetColumn(keyset) })
    .from(b2bEnquiries)
    .where(where.length ? and(...where) : undefined)
    .orderBy(...keysetOrder(keyset))
    .limit(query.size + 1);
  const next = nextPageKey(keyset, rows, query.size);
  return { EnquiryList: rows.slice(0, query.size).map((r) => toStaffEnquiry(r.enquiry)), ...(next ? { LastEvaluatedKey: next } : {}) };
}

export async function updateEnquiry(
  deps: Pick<Deps, 'db' | 'clock'>,
  change: { enquiryId: string; status?: EnquiryStatus | undefined; note?: string | undefined; actorUserId: string },
): Promise<StaffEnquiry> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(b2bEnquiries).where(eq(b2bEnquiries.id, change.enquiryId)).for('update');
    if (!before) throw new ApiError(400, ErrorCode.ObjectNotFound, 'No such enquiry', 'EnquiryID');
    const status = change.status ?? before.status;
    const note = change.note ?? before.staffNote;
    if (status === before.status && note === before.staffNote) return toStaffEnquiry(before);
    const [after] = await tx
      .update(b2bEnquiries)
      .set({ status, staffNote: note, ...(status !== before.status ? { statusChangedAt: now } : {}) })
      .where(eq(b2bEnquiries.id, before.id))
      .returning();
    await appendAudit(tx as unknown as Db, {
      at: now,
      actorUserId: change.actorUserId,
      action: UPDATE_ENQUIRY_ACTION,
      target: `enquiry:${before.id}`,
      before: { Status: before.status, Note: before.staffNote },
      after: { Status: after!.status, Note: after!.staffNote },
    });
    return toStaffEnquiry(after!);
  });
}
