import type { TPlatformAuditAction } from '@cargodesk/shared';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../../db/client.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import { insertPlatformAuditEvent } from './app-admin-repository.ts';

// The platform's own trail (docs/security.md "Platform rights"): one entry for each thing a platform
// administrator does to a company or to what every company shares. Written in the transaction that
// makes the change; read in the console; never changed.

/** A platform administrator, by identity account, and where the request came from. */
export type TPlatformActor = {
  project: string;
  uid: string;
  email: string;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
};

/** The signed-in platform administrator of a console request, as the trail names them. */
export const platformActorOf = (request: FastifyRequest): TPlatformActor => {
  const { user } = request.caller;
  return {
    project: user.identityProject,
    uid: user.identityUid,
    email: user.email,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
    requestId: request.id,
  };
};

export const recordPlatformAction = async (
  tx: Queryable,
  actor: TPlatformActor,
  entry: {
    action: TPlatformAuditAction;
    /** Null for what no one company owns (the port catalogue). */
    company: { id: string; name: string } | null;
    details: unknown;
  },
) =>
  insertPlatformAuditEvent(tx, {
    id: createId(),
    actorProject: actor.project,
    actorUid: actor.uid,
    actorEmail: actor.email,
    action: entry.action,
    companyId: entry.company?.id ?? null,
    companyName: entry.company?.name ?? null,
    details: entry.details,
    ip: actor.ip,
    userAgent: actor.userAgent,
    requestId: actor.requestId,
  });
