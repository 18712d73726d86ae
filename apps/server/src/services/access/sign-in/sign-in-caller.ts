import type { TProjectName } from '../../../identity/projects.ts';
import type { TUserRow } from '../../../platform/auth/auth-context.ts';
import type { TAuditActor } from '../../../platform/events/audit.ts';

/** Where a request comes from: the identity project its host uses, and what a session records. */
export type TCaller = {
  idToken: string | undefined;
  project: TProjectName;
  ip: string;
  userAgent?: string | undefined;
  requestId?: string;
};

/** The user acting through a sign-in request, before any app session exists. */
export const signInActor = (user: TUserRow, caller: TCaller): TAuditActor => ({
  companyId: user.companyId,
  userId: user.id,
  email: user.email,
  ip: caller.ip,
  userAgent: caller.userAgent ?? null,
  requestId: caller.requestId ?? null,
});
