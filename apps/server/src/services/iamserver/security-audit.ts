import type { FastifyInstance } from 'fastify';
import type { TSignInFailure } from '../../identity/identity-context.ts';
import { recordAudit, type TAuditActor } from '../../platform/audit.ts';
import type { TUserRow } from '../../platform/auth-context.ts';
import { withTenant } from '../../platform/tenant-transaction.ts';
import * as repository from './repository.ts';
import type { TCaller } from './service.ts';

/** The user acting through a sign-in request, before any app session exists. */
export const signInActor = (user: TUserRow, caller: TCaller): TAuditActor => ({
  companyId: user.companyId,
  userId: user.id,
  email: user.email,
  ip: caller.ip,
  userAgent: caller.userAgent ?? null,
  requestId: caller.requestId ?? null,
});

/**
 * Wrong passwords are judged by the identity provider, which knows no companies: when the account
 * belongs to a Cargodesk user, the failure goes into that user's company audit trail. Written after
 * the identity answer, off the request's path; the app waits for pending writes when it closes.
 */
export const auditFailedSignIns = (app: FastifyInstance) => {
  const pending = new Set<Promise<void>>();
  const record = async ({ project, uid, ip, userAgent }: TSignInFailure) => {
    const { db } = app.database;
    const link = await repository.findUserLinkByIdentity(db, project, uid);
    if (!link) return;
    await withTenant(db, link.companyId, async (tx) => {
      const row = await repository.findUserWithCompany(tx, link.companyId, link.userId);
      if (!row) return;
      await recordAudit(tx, signInActor(row.user, { idToken: undefined, project, ip, userAgent }), {
        entityType: 'user',
        entityId: row.user.id,
        action: 'sign-in-failed',
      });
    });
  };
  app.identity.onSignInFailed((failure) => {
    const write = record(failure)
      .catch((error: unknown) => app.log.error({ err: error }, 'could not audit a failed sign-in'))
      .finally(() => pending.delete(write));
    pending.add(write);
  });
  app.addHook('onClose', async () => {
    await Promise.all(pending);
  });
};
