import { type TAdminPasswordResetResult, userMessages } from '@cargodesk/shared';
import type { Db } from '../../../db/client.ts';
import { buildActionMail } from '../../../identity/action-mails.ts';
import type { IdentityAdmin } from '../../../identity/identity-admin.ts';
import { IdentityError } from '../../../identity/identity-error.ts';
import type { TMailer } from '../../../mail/mail-plugin.ts';
import { withTenant } from '../../../platform/data-access/tenant-transaction.ts';
import { auditTrails } from '../../../platform/events/audit.ts';
import { AppError } from '../../../platform/http/errors.ts';
import type { TRateLimit } from '../../../platform/http/rate-limits.ts';
import * as repository from './users-repository.ts';
import type { TUsersCaller } from './users-service.ts';

// POST /auth/reset-pwd: an admin has a user of the company mailed the link to choose a new
// password. The admin never sees, chooses or learns a password: the link goes to the user's own
// mailbox, works for an hour, and using it ends the user's sessions everywhere, as a reset the user
// asked for does (identity/action-codes.ts).

export type TPasswordResetDependencies = {
  db: Db;
  identityAdmin: IdentityAdmin;
  mailer: Pick<TMailer, 'enqueue' | 'wake'>;
  /** Reset mails one user may be sent an hour, counted before the link exists. */
  resetsPerUser: TRateLimit;
};

export const createPasswordResetService = ({
  db,
  identityAdmin,
  mailer,
  resetsPerUser,
}: TPasswordResetDependencies) => {
  const sendPasswordReset = async (
    { auth, actor }: TUsersCaller,
    userId: string,
  ): Promise<TAdminPasswordResetResult> => {
    const user = await withTenant(db, auth.companyId, (tx) =>
      repository.findUser(tx, auth.companyId, userId),
    );
    if (!user) throw new AppError('NOT_FOUND', userMessages.userNotFound);
    // An invited user sets a first password through the invitation; a suspended one cannot sign in.
    if (user.status !== 'active') throw new AppError('CONFLICT', userMessages.resetNotActive);
    const verdict = await resetsPerUser.consume(`${auth.companyId}/${userId}`);
    if (!verdict.isAllowed)
      throw new AppError('RATE_LIMITED', userMessages.resetTooOften, {
        retryAfterSeconds: verdict.retryAfterSeconds,
      });
    const link = await identityAdmin
      .generateActionLink({
        project: user.identityProject,
        kind: 'PASSWORD_RESET',
        email: user.email,
        uid: user.identityUid,
      })
      .catch((error: unknown) => {
        // The user's sign-in no longer holds their address: nothing to reset.
        if (error instanceof IdentityError) throw new AppError('CONFLICT', userMessages.resetNotActive);
        throw error;
      });
    const mail = {
      ...(await buildActionMail({ kind: 'PASSWORD_RESET', email: user.email, link })),
      companyId: auth.companyId,
    };
    // The audit entry and the mail are written together: no mail that the trail does not show.
    await withTenant(db, auth.companyId, async (tx) => {
      await auditTrails.user(tx, actor, 'password-reset', userId, { after: { sentTo: user.email } });
      await mailer.enqueue(mail, tx);
    });
    mailer.wake();
    return { sentTo: user.email };
  };

  return { sendPasswordReset };
};
