/** Business enquiries in the back office (issue 32): listed by status, newest first; status and note changed with an audit row. */
import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { EnquiryStatus, StaffEnquiry } from '../../../contract/staff-b2b.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import type { Db } from '../../db/client.ts';
import { b2bEnquiries } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { ApiError } from '../../http/errors.ts';
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

/** The page key: the last row's creation time and id (ids are not ordered; times may tie). */
const encodeKey = (r: EnquiryRow) => Buffer.from(JSON.stringify([r.createdAt.toISOString(), r.id])).toString('base64url');
function decodeKey(key: string): { at: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(key, 'base64url').toString('utf8')) as [string, string];
    const date = new Date(at);
    if (typeof id === 'string' && !Number.isNaN(date.getTime())) return { at: date, id };
  } catch {
    // Unreadable: refused below.
  }
  throw new ApiError(400, ErrorCode.InvalidParameter, 'LastEvaluatedKey is invalid', 'LastEvaluatedKey');
}

export async function listEnquiries(db: Db, query: { status: EnquiryStatus | 'all'; size: number; lastEvaluatedKey?: string | undefined }) {
  const where: SQL[] = [];
  if (query.status !== 'all') where.push(eq(b2bEnquiries.status, query.status));
  if (query.lastEvaluatedKey) {
    const { at, id } = decodeKey(query.lastEvaluatedKey);
    where.push(or(lt(b2bEnquiries.createdAt, at), and(eq(b2bEnquiries.createdAt, at), lt(b2bEnquiries.id, id)))!);
  }
  const rows = await db
    .select()
    .from(b2bEnquiries)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(b2bEnquiries.createdAt), desc(b2bEnquiries.id))
    .limit(query.size + 1);
  const page = rows.slice(0, query.size);
  return { EnquiryList: page.map(toStaffEnquiry), ...(rows.length > query.size ? { LastEvaluatedKey: encodeKey(page.at(-1)!) } : {}) };
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
