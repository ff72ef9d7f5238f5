// The audit log (docs/operations.md "Audit log"): every change made by staff, or by the command line, writes one row
// in the transaction of the change. Rows are only ever inserted; the database refuses UPDATE and DELETE on them.
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect.ts';
import { auditLog, type StaffRole } from '../../db/schema.ts';

/** Who made a change: a signed-in staff member from an address, or the command line (`staffId` null). */
export interface Actor {
  staffId: number | null;
  role: StaffRole | null;
  /** The request's IP; null for the command line. */
  ip: string | null;
}

/** The command line as an Actor (scripts/staff.ts). */
export const COMMAND_LINE: Actor = { staffId: null, role: null, ip: null };

/** One change: `action` (a dotted name, e.g. `staff.add`), its target, and the target's state before and after. */
export interface AuditEntry {
  action: string;
  targetKind: string;
  targetId: string | number;
  /** The changed fields before the change (null: the target did not exist); never secrets. */
  before?: Record<string, unknown> | null;
  /** The changed fields after it (null: the target is gone); never secrets. */
  after?: Record<string, unknown> | null;
}

/** Writes the audit row of `entry` made by `actor`, in `tx`: the change's own transaction, so none lands without it. */
export async function audit(tx: Tx | Db, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    staffId: actor.staffId,
    role: actor.role,
    action: entry.action,
    targetKind: entry.targetKind,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    sourceAddress: actor.ip,
  });
}

/** A filter of the audit log: each field set narrows it; `beforeId` pages back (rows with a smaller id). */
export interface AuditFilter {
  staffId?: number;
  action?: string;
  targetKind?: string;
  targetId?: string;
  beforeId?: number;
  /** Rows at or after this time. */
  since?: Date;
  /** Rows before this time. */
  until?: Date;
  /** Rows per page, at most 200. */
  limit: number;
}

/** The audit rows matching `filter`, newest first. */
export async function readAudit(db: Db, filter: AuditFilter) {
  const where: SQL[] = [];
  if (filter.staffId !== undefined) where.push(eq(auditLog.staffId, filter.staffId));
  if (filter.action !== undefined) where.push(eq(auditLog.action, filter.action));
  if (filter.targetKind !== undefined) where.push(eq(auditLog.targetKind, filter.targetKind));
  if (filter.targetId !== undefined) where.push(eq(auditLog.targetId, filter.targetId));
  if (filter.beforeId !== undefined) where.push(lt(auditLog.id, filter.beforeId));
  if (filter.since !== undefined) where.push(gte(auditLog.at, filter.since));
  if (filter.until !== undefined) where.push(lt(auditLog.at, filter.until));
  return db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(Math.min(filter.limit, 200));
}
