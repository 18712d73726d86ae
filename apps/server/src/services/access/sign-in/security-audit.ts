import type { TAuditAction } from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { TAccountEvent } from '../../../identity/identity-context.ts';
import { withTenant } from '../../../platform/data-access/tenant-transaction.ts';
import { recordAudit } from '../../../platform/events/audit.ts';
import * as repository from '../repository.ts';
import { signInActor } from './sign-in-caller.ts';

/** What the audit trail calls each account event it records; a reset is a change of password too. */
const auditedKinds: Partial<Record<TAccountEvent['kind'], TAuditAction>> = {
  'sign-in-failed': 'sign-in-failed',
  'password-change': 'password-change',
  'password-reset': 'password-change',
};

/**
 * Wrong passwords and password changes happen at the identity provider, which knows no companies:
 * when the account belongs to a Cargodesk user, the event goes into that user's company audit
 * trail. Written after the identity answer, off the request's path; the app waits for pending
 * writes when it closes.
 */
export const auditAccountEvents = (app: FastifyInstance) => {
  const pending = new Set<Promise<void>>();
  const record = async ({ kind, project, uid, ip = '', userAgent }: TAccountEvent) => {
    const action = auditedKinds[kind];
    if (!action) return;
    const { db } = app.database;
    const link = await repository.findUserLinkByIdentity(db, project, uid);
    if (!link) return;
    await withTenant(db, link.companyId, async (tx) => {
      const row = await repository.findUserWithCompany(tx, link.companyId, link.userId);
      if (!row) return;
      await recordAudit(tx, signInActor(row.user, { idToken: undefined, project, ip, userAgent }), {
        entityType: 'user',
        entityId: row.user.id,
        action,
      });
    });
  };
  app.identity.onAccountEvent((event) => {
    // Disabling and deleting through the admin interface are the iam service's own acts, audited there.
    if (event.ip === undefined) return;
    const write = record(event)
      .catch((error: unknown) =>
        app.log.error({ err: error, kind: event.kind }, 'could not audit an account event'),
      )
      .finally(() => pending.delete(write));
    pending.add(write);
  });
  app.addHook('onClose', async () => {
    await Promise.all(pending);
  });
};
