import type { AuditEntry, Pagination } from '#pie/contracts';
import { adminNames } from '#pie/identity';
import { pagination, type EntityManager } from '#pie/platform';
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
  await tx.execute(`insert into admin.audit_log (admin_id, action, target_type, target_id, before, after) values (?, ?, ?, ?, ?::jsonb, ?::jsonb)`, [
    entry.adminId,
    entry.action,
    entry.targetType,
    entry.targetId,
    JSON.stringify(entry.before ?? null),
    JSON.stringify(entry.after ?? null),
  ]);
}

export async function auditPage(
  em: EntityManager,
  query: { page: number; limit: number; targetType?: string; targetId?: string; action?: string },
): Promise<{ items: AuditEntry[]; pagination: Pagination }> {
  const where: string[] = [];
  const params: unknown[] = [];
  for (const [column, value] of [
    ['target_type', query.targetType],
    ['target_id', query.targetId],
    ['action', query.action],
  ] as const) {
    if (value) {
      where.push(`${column} = ?`);
      params.push(value);
    }
  }
  const clause = where.length ? `where ${where.join(' and ')}` : '';
  const [count] = await em.execute<{ n: number }[]>(`select count(*)::int as n from admin.audit_log ${clause}`, params);
  const rows = await em.execute<{ id: string; admin_id: string; action: string; target_type: string; target_id: string; before: unknown; after: unknown; at: Date }[]>(
    `select id, admin_id, action, target_type, target_id, before, after, at from admin.audit_log ${clause} order by at desc, id desc limit ? offset ?`,
    [...params, query.limit, (query.page - 1) * query.limit],
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
    pagination: pagination(query.page, query.limit, count.n),
  };
}
