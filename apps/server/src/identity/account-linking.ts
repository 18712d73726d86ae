import { type IdentityContext, requestedAccountEvent } from './identity-context.ts';
import { IdentityError } from './identity-error.ts';
import { findAccountByEmail, revokeRefreshTokens, setFirstPassword } from './identity-repository.ts';
import type { TIdentityRequest } from './identity-service.ts';
import { assertPasswordMeetsPolicy, readEmail, readPassword } from './request-fields.ts';
import { authenticateIdToken, issueTokenSet, requireRecentLogin } from './sessions.ts';

/**
 * accounts:signUp with an idToken (linkWithCredential of an email and password): gives an account
 * that signed in only by link or single sign-on a password (docs/decisions/023). The address must be
 * the account's own: linking never moves an account to an address nobody proved.
 */
export const createAccountLinkingService = (context: IdentityContext) => {
  const { db } = context;

  const linkEmailPassword = async ({ project, body, ip, userAgent }: TIdentityRequest) => {
    const { account, claims } = await authenticateIdToken(context, project, body.idToken);
    requireRecentLogin(claims);
    const email = readEmail(body);
    if (email !== account.email) {
      const holder = await findAccountByEmail(db, project.projectId, email);
      if (holder) throw new IdentityError('EMAIL_EXISTS');
      throw new IdentityError(
        'OPERATION_NOT_ALLOWED',
        "Only the account's own email address can be linked; change the address in the profile",
      );
    }
    // A second password would be a password change without the current one: updatePassword it is.
    if (account.passwordHash) throw new IdentityError('PROVIDER_ALREADY_LINKED');
    await context.accountChangeChecks.assertAllowed({
      project: project.name,
      uid: account.id,
      authTime: claims.auth_time,
      kinds: ['link-password'],
    });
    const password = readPassword(body, 'password');
    assertPasswordMeetsPolicy(context, password);
    const passwordHash = await context.passwords.hash(password);
    const response = await db.transaction(async (tx) => {
      // A new credential ends every other session (DESIGN §12), as a password change does; this one
      // continues with the fresh tokens below. Only an account still without a password gets one.
      const updated = await setFirstPassword(tx, project.projectId, account.id, passwordHash);
      if (!updated) throw new IdentityError('PROVIDER_ALREADY_LINKED');
      await revokeRefreshTokens(tx, project.projectId, account.id);
      const tokens = await issueTokenSet(context, tx, project, updated);
      return { kind: 'identitytoolkit#SignupNewUserResponse', email: updated.email, ...tokens };
    });
    await context.signals.emit(
      requestedAccountEvent('password-change', account.id, { project, ip, userAgent }),
    );
    return response;
  };

  return { linkEmailPassword };
};
