import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema.ts';

/**
 * The append-only audit log's writer (issue 32). Apart from services/staff (which lists the log) so that any part
 * whose changes are audited can write it, gatherings included, without importing staff/, which imports orders/,
 * which imports gatherings/.
 */
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
