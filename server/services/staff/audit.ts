import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { AuditEntry } from '../../../contract/staff.ts';
import { ErrorCode } from '../../../contract/errors.ts';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { ApiError } from '../../http/errors.ts';

export interface AuditRecord {
  at: Date;
  /** Null: the command line (npm run staff). */
  actorUserId: string | null;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

/** Appends one row; called inside the change's own transaction, so the change and its record land together. */
export async function appendAudit(db: Db, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({ ...record, before: record.before ?? null, after: record.after ?? null });
}

/** The paging key: the last row's id, opaque to the client. */
const encodeKey = (id: number) => Buffer.from(String(id)).toString('base64url');

function decodeKey(key: string): number {
  const id = Number(Buffer.from(key, 'base64url').toString('utf8'));
  if (!Number.isSafeInteger(id) || id < 1) throw new ApiError(400, ErrorCode.InvalidParameter, 'LastEvaluatedKey is invalid', 'LastEvaluatedKey');
  return id;
}

export interface AuditQuery {
  action?: string | undefined;
  /** Only rows written before this moment. */
  before?: Date | undefined;
  size: number;
  lastEvaluatedKey?: string | undefined;
}

/** list-audit-log: newest first (id descending: ids increase with every row), a page at a time. */
export async function listAuditLog(db: Db, query: AuditQuery): Promise<{ AuditLog: AuditEntry[]; LastEvaluatedKey?: string }> {
  const conditions: SQL[] = [];
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.before) conditions.push(lt(auditLog.at, query.before));
  if (query.lastEvaluatedKey) conditions.push(lt(auditLog.id, decodeKey(query.lastEvaluatedKey)));
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(query.size + 1);
  const page = rows.slice(0, query.size);
  return {
    AuditLog: page.map((r) => ({
      ID: String(r.id),
      At: r.at.toISOString(),
      ActorUserID: r.actorUserId,
      Action: r.action,
      Target: r.target,
      Before: r.before ?? null,
      After: r.after ?? null,
    })),
    ...(rows.length > query.size ? { LastEvaluatedKey: encodeKey(page.at(-1)!.id) } : {}),
  };
}
