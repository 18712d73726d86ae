import type { TLoginResponse, TRegisterCompanyRequest } from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { buildActionMail } from '../../identity/action-mails.ts';
import { AppError } from '../../platform/errors.ts';
import { createId } from '../../platform/ids.ts';
import { withTenant } from '../../platform/tenant-transaction.ts';
import { createCompanyWithAdmin } from './company-setup.ts';
import * as repository from './repository.ts';
import type { TCaller } from './sign-in-caller.ts';
import { iamMessages, type TSignInService } from './sign-in-service.ts';

type TSignInParts = TSignInService['parts'];

/**
 * Registering a company: the signed-up identity becomes the Admin of a new company, with its
 * roles and products, a verification mail when the address is unproved, and a first app session.
 */
export const createRegistrationService = (
  app: FastifyInstance,
  { verifyIdentity, startSession, buildLoginResponse }: TSignInParts,
) => {
  const { db } = app.database;

  const registerCompany = async (
    caller: TCaller,
    request: TRegisterCompanyRequest,
  ): Promise<TLoginResponse> => {
    const identity = await verifyIdentity(caller);
    // Counted before the company and its verification mail exist: registration must not become a
    // way to mail any address (issue 10 item 6).
    const verdict = await app.rateLimits.registrationsPerIp.consume(caller.ip);
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
      : await app.identity.admin.generateActionLink({
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
          admin: {
            project: identity.project,
            uid: identity.uid,
            email: identity.email,
            firstName: request.firstName,
            lastName: request.lastName,
          },
        });
        if (verifyLink) {
          await app.mailer.enqueue(
            {
              ...buildActionMail({ kind: 'VERIFY_EMAIL', email: identity.email, link: verifyLink }),
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
      app.mailer.wake();
      return response;
    } catch (error) {
      // Two registrations of one sign-in racing: the unique key on the identity decides.
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', iamMessages.alreadyRegistered);
      throw error;
    }
  };

  return { registerCompany };
};
