import { and, eq, lt, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditSort } from '../../../contract/staff.ts';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';
import { afterPageKey, keysetColumn, keysetOrder, nextPageKey, sortKeyset, type KeyPart } from '../keyset-pages.ts';

export { appendAudit, type AuditRecord } from '../audit-log.ts';

/** The order of list-audit-log under each sort (contract AuditSort): ties broken by id (rows only ever append). */
const AUDIT_SORTS: Record<AuditSort['Field'], KeyPart[]> = {
  At: [{ expr: auditLog.at, type: 'timestamptz' }],
  Action: [{ expr: auditLog.action, type: 'text' }],
  Target: [{ expr: auditLog.target, type: 'text' }],
};

const auditKeyset = (sort: AuditSort) => sortKeyset(sort.Field, sort.Direction, [...AUDIT_SORTS[sort.Field], { expr: auditLog.id, type: 'bigint' }]);

export interface AuditQuery {
  action?: string | undefined;
  /** Only rows written before this moment. */
  before?: Date | undefined;
  size: number;
  sort: AuditSort;
  lastEvaluatedKey?: string | undefined;
}

/** list-audit-log: newest first by default (the time written, then id), a page at a time. */
export async function listAuditLog(db: Db, query: AuditQuery): Promise<{ AuditLog: AuditEntry[]; LastEvaluatedKey?: string }> {
  const keyset = auditKeyset(query.sort);
  const conditions: SQL[] = [];
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.before) conditions.push(lt(auditLog.at, query.before));
  const after = afterPageKey(keyset, query.lastEvaluatedKey);
  if (after) conditions.push(after);
  const rows = await db
    .select({ entry: auditLog, pageKey: keysetColumn(keyset) })
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(...keysetOrder(keyset))
    .limit(query.size + 1);
  const next = nextPageKey(keyset, rows, query.size);
  return {
    AuditLog: rows.slice(0, query.size).map(({ entry: r }) => ({
      ID: String(r.id),
      At: r.at.toISOString(),
      ActorUserID: r.actorUserId,
      Action: r.action,
      Target: r.target,
      Before: r.before ?? null,
      After: r.after ?? null,
    })),
    ...(next ? { LastEvaluatedKey: next } : {}),
  };
}
