import type { TProfile, TRevokeSessionsResponse, ZUpdateProfileRequest } from '@cargodesk/shared';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import type { IdentityAdmin } from '../../../identity/identity-admin.ts';
import type { TAuthContext, TUserRow } from '../../../platform/auth/auth-context.ts';
import { withTenant, withTenantRead } from '../../../platform/data-access/tenant-transaction.ts';
import { auditTrails, type TAuditActor } from '../../../platform/events/audit.ts';
import type { TEventsBus } from '../../../platform/events/events-bus.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { assertCompanyImage } from '../../files/public.ts';
import { toPersonFields } from '../mappers.ts';
import { endSessions } from '../sign-in/session-end.ts';
import { updateAudited } from './audited-update.ts';
import * as repository from './profile-repository.ts';

export const toProfile = (user: TUserRow, roles: string[]): TProfile => ({
  ...toPersonFields(user),
  status: user.status,
  roles,
  createdAt: user.createdAt.toISOString(),
  updatedAt: user.updatedAt.toISOString(),
});

const userGone = () => new AppError('UNAUTHENTICATED', 'The signed-in user no longer exists; sign in again');

/** The signed-in user's own profile (/settings/profile): read, edit, sign out everywhere. */
/** What the profile works with, named rather than reached through the whole app. */
export type TProfileServiceDependencies = {
  db: Db;
  events: TEventsBus;
  identityAdmin: Pick<IdentityAdmin, 'revokeSessions'>;
};

export const createProfileService = ({ db, events, identityAdmin }: TProfileServiceDependencies) => {
  const getProfile = async (auth: TAuthContext): Promise<TProfile> => {
    const user = await withTenantRead(db, auth.companyId, (tx) =>
      repository.findUser(tx, auth.companyId, auth.userId),
    );
    if (!user) throw userGone();
    return toProfile(user, auth.roles);
  };

  const updateProfile = async (
    auth: TAuthContext,
    actor: TAuditActor,
    changes: z.output<typeof ZUpdateProfileRequest>,
  ): Promise<TProfile> =>
    withTenant(db, auth.companyId, (tx) =>
      updateAudited(tx, actor, {
        entity: { entityType: 'user', entityId: auth.userId },
        hasChanges: Object.keys(changes).length > 0,
        read: () => repository.findUser(tx, auth.companyId, auth.userId),
        check: async (current) => {
          if (changes.avatarFileId && changes.avatarFileId !== current.avatarFileId) {
            await assertCompanyImage(tx, auth.companyId, changes.avatarFileId, 'avatarFileId');
          }
        },
        write: () => repository.updateUserProfile(tx, auth.companyId, auth.userId, changes),
        viewOf: (row) => toProfile(row, auth.roles),
        gone: userGone,
      }),
    );

  /**
   * Signs the user out everywhere: the identity provider's refresh tokens first (its own
   * connection, so outside the tenant transaction), then every app session, this one included.
   */
  const revokeAllSessions = async (
    auth: TAuthContext,
    actor: TAuditActor,
  ): Promise<TRevokeSessionsResponse> => {
    await identityAdmin.revokeSessions(auth.user.identityProject, auth.user.identityUid);
    const revokedSessions = await withTenant(db, auth.companyId, async (tx) => {
      const count = await endSessions(tx, events, { companyId: auth.companyId, userId: auth.userId });
      await auditTrails.user(tx, actor, 'sessions-revoked', auth.userId, {
        after: { revokedSessions: count },
      });
      return count;
    });
    return { revokedSessions };
  };

  return { getProfile, updateProfile, revokeAllSessions };
};
