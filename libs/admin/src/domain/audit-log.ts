import type { AuditEntry, Pagination } from '#pie/contracts';
import { adminNames } from '#pie/identity';
import { pageOfQuery, type Database, type EntityManager } from '#pie/platform';
import { adminDb } from '../db/admin-db.js';
import { AUDIT_TARGET_TYPES, idsIn, nameRefs, refKey } from './named-refs.js';

export interface AuditInput {
  adminId: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
}

/** Records an admin action in the caller's transaction: who, what, when, and the state before and after. */
export async function recordAudit(tx: EntityManager, entry: AuditInput): Promise<void> {
  await adminDb(tx)
    .insertInto('admin.audit_log')
    .values({
      admin_id: entry.adminId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: JSON.stringify(entry.before ?? null),
      after: JSON.stringify(entry.after ?? null),
    })
    .execute();
}

export async function auditPage(
  em: EntityManager,
  query: { page: number; limit: number; targetType?: string; targetId?: string; action?: string },
): Promise<{ items: AuditEntry[]; pagination: Pagination }> {
  const { rows, pagination } = await pageOfQuery(
    adminDb(em)
      .selectFrom('admin.audit_log')
      .select(['id', 'admin_id', 'action', 'target_type', 'target_id', 'before', 'after', 'at'])
      .$if(Boolean(query.targetType), (q) => q.where('target_type', '=', query.targetType!))
      .$if(Boolean(query.targetId), (q) => q.where('target_id', '=', query.targetId!))
      .$if(Boolean(query.action), (q) => q.where('action', '=', query.action!))
      .orderBy('at', 'desc')
      .orderBy('id', 'desc'),
    query,
  );
  const names = await adminNames(em, [...new Set(rows.map((row) => row.admin_id))]);
  const targetOf = (row: (typeof rows)[number]) => (AUDIT_TARGET_TYPES[row.target_type] ? [{ type: AUDIT_TARGET_TYPES[row.target_type], id: row.target_id }] : []);
  const mentioned = (row: (typeof rows)[number]) => [...idsIn(row.before), ...idsIn(row.after)];
  const refs = await nameRefs(em, rows.flatMap((row) => [...targetOf(row), ...mentioned(row)]));
  return {
    items: rows.map((row) => ({
      id: String(row.id),
      adminId: row.admin_id,
      adminName: names.get(row.admin_id) ?? '(removed admin)',
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      target: targetOf(row).map((target) => refs.get(refKey(target.type, target.id)))[0] ?? null,
      refs: mentioned(row).flatMap((ref) => refs.get(refKey(ref.type, ref.id)) ?? []),
      before: row.before,
      after: row.after,
      at: new Date(row.at).toISOString(),
    })),
    pagination,
  };
}

/**
 * The audit row of a change another module made (and committed) by its own command, in admin's own
 * transaction. That module's own record of the change names the admin as actor, atomically with it
 * (a claim's history row, a Stripe connection change), so the change stays accounted for even if
 * this row were lost; the audit log is the back office's index of what admins did.
 */
export function recordAuditAfter(database: Database, entry: AuditInput): Promise<void> {
  return database.transaction((tx) => recordAudit(tx, entry));
}
