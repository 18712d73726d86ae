import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../db/client.ts';
import { sessions } from '../../../db/schema/index.ts';
import type { TAccountEvent } from '../../../identity/identity-context.ts';
import { withTenant } from '../../../platform/data-access/tenant-transaction.ts';
import type { TEventsBus } from '../../../platform/events/events-bus.ts';
import * as repository from '../repository.ts';

/**
 * The one way an app session ends early (docs/security.md "a session ends everywhere"): the rows are
 * revoked in the caller's transaction, so the next request with the token answers 401 on any
 * instance, and a sessions-ended event goes out when it commits, so every instance closes the
 * notification streams those sessions opened.
 */
export const endSessions = async (
  tx: Queryable,
  events: TEventsBus,
  { companyId, userId, sessionId }: { companyId: string; userId: string; sessionId?: string },
): Promise<number> => {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.companyId, companyId),
        eq(sessions.userId, userId),
        sessionId === undefined ? undefined : eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  // Published even when no row was still live: a stream whose instance missed the earlier event
  // (its LISTEN connection was down) closes now rather than at its next session check.
  await events.publish(tx, {
    type: 'sessions-ended',
    companyId,
    userId,
    sessionIds: sessionId === undefined ? null : [sessionId],
  });
  return ended.length;
};

/**
 * Every app session of a company ends (a platform administrator suspended it): revoked in the
 * caller's transaction, and one sessions-ended event for the whole company closes its streams.
 */
export const endCompanySessions = async (tx: Queryable, events: TEventsBus, companyId: string) => {
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.companyId, companyId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  await events.publish(tx, { type: 'sessions-ended', companyId, userId: null, sessionIds: null });
  return ended.length;
};

/** Identity events after which the account's old credentials must open nothing in the app. */
const endingKinds = new Set<TAccountEvent['kind']>([
  'password-change',
  'password-reset',
  'account-deleted',
  'account-disabled',
]);

/**
 * When the identity account of a Cargodesk user changes its password (by its owner or a reset
 * link), is deleted or disabled, every app session of that user ends. The identity provider waits
 * for this listener before it answers, so a client that saw the change succeed finds every old
 * app token refused.
 */
export const endSessionsOnAccountEvents = (app: FastifyInstance) => {
  app.identity.onAccountEvent(async ({ kind, project, uid }) => {
    if (!endingKinds.has(kind)) return;
    const { db } = app.database;
    const link = await repository.findUserLinkByIdentity(db, project, uid);
    if (!link) return;
    await withTenant(db, link.companyId, (tx) =>
      endSessions(tx, app.events, { companyId: link.companyId, userId: link.userId }),
    );
  });
};
