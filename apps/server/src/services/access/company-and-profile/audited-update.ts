import type { TAuditEntityType } from '@cargodesk/shared';
import { recordAudit, type TAuditActor } from '../../../platform/events/audit.ts';
import type { AppError } from '../../../platform/http/errors.ts';

/**
 * The edit of one record the caller has (their company, profile or preferences): read it, answer
 * it unchanged when nothing is asked, otherwise write, audit the view before and after, and answer
 * the view after. A record gone meanwhile answers `gone()`.
 */
export const updateAudited = async <TRow, TView>(
  tx: Parameters<typeof recordAudit>[0],
  actor: TAuditActor,
  {
    entity,
    hasChanges,
    read,
    check,
    write,
    viewOf,
    gone,
  }: {
    entity: { entityType: TAuditEntityType; entityId: string };
    hasChanges: boolean;
    read: () => Promise<TRow | undefined>;
    /** Checks the change against the record as it is, before anything is written. */
    check?: (current: TRow) => Promise<void>;
    write: () => Promise<TRow | undefined>;
    viewOf: (row: TRow) => TView;
    gone: () => AppError;
  },
): Promise<TView> => {
  const current = await read();
  if (!current) throw gone();
  const before = viewOf(current);
  if (!hasChanges) return before;
  await check?.(current);
  const updated = await write();
  if (!updated) throw gone();
  const after = viewOf(updated);
  await recordAudit(tx, actor, { ...entity, action: 'update', before, after });
  return after;
};
