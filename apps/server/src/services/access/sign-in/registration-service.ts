import type { TLoginResponse, TRegisterCompanyRequest } from '@cargodesk/shared';
import type { Db } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/unique-violation.ts';
import { buildActionMail } from '../../../identity/action-mails.ts';
import type { IdentityAdmin } from '../../../identity/identity-admin.ts';
import type { TMailer } from '../../../mail/mail-plugin.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import { withTenant } from '../../../platform/data-access/tenant-transaction.ts';
import type { TDomainEvents } from '../../../platform/events/domain-events.ts';
import { AppError } from '../../../platform/http/errors.ts';
import type { TRateLimit } from '../../../platform/http/rate-limits.ts';
import { createCompanyWithAdmin, isKnownCountry } from '../company-and-profile/company-setup.ts';
import * as repository from '../repository.ts';
import type { TCaller } from './sign-in-caller.ts';
import { iamMessages, type TSignInService } from './sign-in-service.ts';

type TSignInParts = TSignInService['parts'];

/**
 * Registering a company: the signed-up identity becomes the Admin of a new company, with its
 * roles and products, a verification mail when the address is unproved, and a first app session.
 */
export type TRegistrationServiceDependencies = {
  db: Db;
  identityAdmin: Pick<IdentityAdmin, 'generateActionLink'>;
  mailer: Pick<TMailer, 'enqueue' | 'wake'>;
  /** Companies one address may register an hour. */
  registrationsPerIp: TRateLimit;
  /** What registration shares with sign-in. */
  signIn: TSignInParts;
  /** Tells the other modules that a company was created, inside its transaction. */
  domainEvents: Pick<TDomainEvents, 'emit'>;
};

export const createRegistrationService = ({
  db,
  identityAdmin,
  mailer,
  registrationsPerIp,
  signIn: { verifyIdentity, startSession, buildLoginResponse },
  domainEvents,
}: TRegistrationServiceDependencies) => {
  const registerCompany = async (
    caller: TCaller,
    request: TRegisterCompanyRequest,
  ): Promise<TLoginResponse> => {
    if (request.country && !isKnownCountry(request.country)) {
      throw new AppError('VALIDATION_FAILED', `Invalid body: country ${iamMessages.unknownCountry}`, {
        fields: [{ field: 'country', message: iamMessages.unknownCountry }],
      });
    }
    const identity = await verifyIdentity(caller);
    // Counted before the company and its verification mail exist: registration must not become a
    // way to mail any address (issue 10 item 6).
    const verdict = await registrationsPerIp.consume(caller.ip);
    if (!verdict.isAllowed) {
      throw new AppError('RATE_LIMITED', iamMessages.tooManyRegistrations, {
        retryAfterSeconds: verdict.retryAfterSeconds,
      });
    }
    if (await repository.findUserLinkByIdentity(db, identity.project, identity.uid)) {
      throw new AppError('CONFLICT', iamMessages.alreadyRegistered);
    }
    // Made before the transaction: identity keeps its own tables. An unused link just expires.
    const verifyLink = identity.emailVerified
      ? undefined
      : await identityAdmin.generateActionLink({
          project: identity.project,
          kind: 'VERIFY_EMAIL',
          email: identity.email,
        });
    const companyId = createId();
    try {
      const response = await withTenant(db, companyId, async (tx) => {
        const { userId } = await createCompanyWithAdmin(tx, {
          companyId,
          companyName: request.companyName,
          country: request.country,
          admin: {
            project: identity.project,
            uid: identity.uid,
            email: identity.email,
            firstName: request.firstName,
            lastName: request.lastName,
          },
        });
        await domainEvents.emit(tx, { type: 'company-created', companyId });
        if (verifyLink) {
          await mailer.enqueue(
            {
              ...(await buildActionMail({ kind: 'VERIFY_EMAIL', email: identity.email, link: verifyLink })),
              companyId,
            },
            tx,
          );
        }
        const row = await repository.findUserWithCompany(tx, companyId, userId);
        if (!row) throw new Error('The registered user could not be read back');
        const jwt = await startSession(tx, { user: row.user, caller });
        return buildLoginResponse(tx, { user: row.user, company: row.company, jwt });
      });
      mailer.wake();
      return response;
    } catch (error) {
      // Two registrations of one sign-in racing: the unique key on the identity decides.
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', iamMessages.alreadyRegistered);
      throw error;
    }
  };

  return { registerCompany };
};
