import { invitationMessages, type TInvitationSummary } from '@cargodesk/shared';
import type { Db } from '../../../db/client.ts';
import type { IdentityAdmin } from '../../../identity/identity-admin.ts';
import { AppError } from '../../../platform/http/errors.ts';
import type { TRateLimit } from '../../../platform/http/rate-limits.ts';
import { findUserWithCompanyByIdentity } from '../repository.ts';

export type TInvitationServiceDependencies = {
  db: Db;
  identityAdmin: Pick<IdentityAdmin, 'describeActionCode'>;
  lookupsPerIp: TRateLimit;
};

/**
 * The page an invitation link opens greets the invited user by their company. It
 * learns the company from the link's own code, so only a live invitation to a user still invited
 * answers; anything else is one 404 that tells nothing about which part failed.
 */
export const createInvitationService = ({
  db,
  identityAdmin,
  lookupsPerIp,
}: TInvitationServiceDependencies) => ({
  describe: async (code: string, ip: string): Promise<TInvitationSummary> => {
    const verdict = await lookupsPerIp.consume(ip);
    if (!verdict.isAllowed) {
      throw new AppError('RATE_LIMITED', invitationMessages.tooManyLookups, {
        retryAfterSeconds: verdict.retryAfterSeconds,
      });
    }
    const invalid = new AppError('NOT_FOUND', invitationMessages.invalid);
    const action = await identityAdmin.describeActionCode(code);
    if (action?.kind !== 'PASSWORD_RESET') throw invalid;
    const row = await findUserWithCompanyByIdentity(db, action.project, action.uid);
    if (row?.user.status !== 'invited') throw invalid;
    return { companyName: row.company.name, email: action.email };
  },
});
