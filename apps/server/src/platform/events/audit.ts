import { auditEntityTypes, type TAuditAction, type TAuditEntityType } from '@cargodesk/shared';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/index.ts';
import { createId } from '../data-access/ids.ts';

/** Who did it and from where; taken from the request so every writer records the same facts. */
export type TAuditActor = {
  companyId: string;
  userId: string | null;
  email: string | null;
  /** The API token the user acted through; null for a signed-in session and for events without a caller. */
  apiToken?: { id: string; name: string } | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
};

export type TAuditEntry = {
  entityType: TAuditEntityType;
  entityId: string;
  action: TAuditAction;
  /** The entity as the API showed it before and after; omit for creates/deletes respectively. */
  before?: unknown;
  after?: unknown;
};

/** What an audit actor takes from the signed-in caller (platform/auth/auth-context.ts TAuthContext). */
type TAuditedCaller = {
  companyId: string;
  userId: string;
  user: { email: string };
  apiToken: { id: string; name: string } | null;
};

/**
 * The signed-in caller of `request` as an audit actor. Built once by `authenticate`; handlers read
 * it as `request.auditActor`.
 */
export const auditActorOf = (caller: TAuditedCaller, request: FastifyRequest): TAuditActor => ({
  companyId: caller.companyId,
  userId: caller.userId,
  email: caller.user.email,
  apiToken: caller.apiToken && { id: caller.apiToken.id, name: caller.apiToken.name },
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
  requestId: request.id,
});

/**
 * Appends one event. Pass the transaction that makes the change, so the change and its record
 * commit or roll back together (the request role can insert audit rows, never alter them).
 */
export const recordAudit = async (tx: Queryable, actor: TAuditActor, entry: TAuditEntry) => {
  await tx.insert(auditEvents).values({
    companyId: actor.companyId,
    id: createId(),
    actorUserId: actor.userId,
    actorEmail: actor.email,
    actorApiTokenId: actor.apiToken?.id ?? null,
    actorApiTokenName: actor.apiToken?.name ?? null,
    entityType: entry.entityType,
    entityId: entry.entityId,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: actor.ip,
    userAgent: actor.userAgent,
    requestId: actor.requestId,
  });
};

/**
 * The trail of one entity type: `(tx, actor, action, entityId, { before, after })` appends one event
 * about it, as recordAudit does, so a service names its entity type once.
 */
export const auditTrailOf =
  (entityType: TAuditEntityType) =>
  (
    tx: Queryable,
    actor: TAuditActor,
    action: TAuditAction,
    entityId: string,
    change: Pick<TAuditEntry, 'before' | 'after'> = {},
  ) =>
    recordAudit(tx, actor, { entityType, entityId, action, ...change });

type TAuditTrail = ReturnType<typeof auditTrailOf>;

/**
 * Every entity type's trail, so a service names the entity it audits where it writes:
 * `auditTrails.contact(tx, actor, 'update', id, { before, after })`.
 */
export const auditTrails = Object.fromEntries(
  auditEntityTypes.map((entityType) => [entityType, auditTrailOf(entityType)]),
) as Record<TAuditEntityType, TAuditTrail>;
