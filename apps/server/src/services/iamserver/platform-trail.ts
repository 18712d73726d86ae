import type { TPlatformAuditAction } from '@cargodesk/shared';
import type { Queryable } from '../../db/client.ts';
import { createId } from '../../platform/ids.ts';
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
