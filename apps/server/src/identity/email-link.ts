import type { ActionCodeService } from './action-codes.ts';
import { authorizedDomainsFor, isAuthorizedContinueUrl } from './authorized-domains.ts';
import { type IdentityContext, requestedAccountEvent } from './identity-context.ts';
import { IdentityError } from './identity-error.ts';
import {
  findAccountByEmail,
  revokedValidSince,
  revokeRefreshTokens,
  type TAccountChanges,
  updateAccount,
} from './identity-repository.ts';
import type { TIdentityRequest } from './identity-service.ts';
import { readEmail, readString } from './request-fields.ts';
import { issueTokenSet } from './sessions.ts';

/** The continue URL of sendSignInLinkToEmail, refused unless it is on an authorized domain. */
const readContinueUrl = (body: Record<string, unknown>, domains: readonly string[]) => {
  const text = readString(body, 'continueUrl', 'MISSING_CONTINUE_URI', 2048);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new IdentityError('INVALID_CONTINUE_URI');
  }
  if (!isAuthorizedContinueUrl(url, domains)) {
    throw new IdentityError('UNAUTHORIZED_DOMAIN', 'Domain not allowlisted by project');
  }
  return url.href;
};

/**
 * Passwordless sign-in by a mailed link (docs/decisions/023): sendOobCode EMAIL_SIGNIN mails a
 * single-use, hour-long code to an existing, enabled account; accounts:signInWithEmailLink trades it
 * for a session. No account is ever created here: people join companies by invitation.
 */
export const createEmailLinkService = (context: IdentityContext, actionCodes: ActionCodeService) => {
  const { db, limits } = context;
  const domains = authorizedDomainsFor(context.config);

  /** accounts:sendOobCode with requestType EMAIL_SIGNIN. */
  const sendSignInLink = async ({ project, body, ip }: TIdentityRequest) => {
    const email = readEmail(body);
    const continueUrl = readContinueUrl(body, domains);
    // Counted like a reset mail, whether or not the address has an account (no enumeration).
    await actionCodes.assertMayMail(project, email, 'EMAIL_SIGNIN', ip);
    const account = await findAccountByEmail(db, project.projectId, email);
    const mayUseLink =
      account &&
      !account.disabled &&
      // A company that signs in only by single sign-on gets no link, and the answer does not say so.
      !(await context.signInChecks.findRefusal({
        project: project.name,
        uid: account.id,
        email: account.email,
        method: 'email-link',
      }));
    if (account && mayUseLink)
      await actionCodes.mailActionLink(project, account, 'EMAIL_SIGNIN', continueUrl);
    return { kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email };
  };

  /** accounts:signInWithEmailLink `{email, oobCode}`: a token set for the link's account. */
  const signInWithEmailLink = async ({ project, body, ip, userAgent }: TIdentityRequest) => {
    // linkWithCredential: our accounts always carry their address, so there is nothing to link.
    if (body.idToken !== undefined) {
      throw new IdentityError('OPERATION_NOT_ALLOWED', 'Linking an email link to an account is not enabled');
    }
    const email = readEmail(body);
    const oobCode = readString(body, 'oobCode', 'MISSING_OOB_CODE', 512);
    // Codes are unguessable; this only keeps one client from hammering the table.
    if (!(await limits.signInsPerIp.consume(ip)).isAllowed) {
      throw new IdentityError('TOO_MANY_ATTEMPTS_TRY_LATER', 'Too many sign-in attempts; try again later');
    }
    const code = await actionCodes.findUsableCode(oobCode, project, 'EMAIL_SIGNIN');
    // Checked before the code is used, so a mistyped address on another device can be corrected.
    if (code.email !== email) {
      throw new IdentityError(
        'INVALID_EMAIL',
        'The email provided does not match the sign-in email address.',
      );
    }
    // Checked again at use: the company may have turned single sign-on on since the mail went out.
    // Before the transaction, as every sign-in check (sign-in-checks.ts): the code names its account.
    await context.signInChecks.assertAllowed({
      project: project.name,
      uid: code.accountId,
      email: code.email,
      method: 'email-link',
    });
    const response = await db.transaction(async (tx) => {
      const { account } = await actionCodes.consume(tx, oobCode);
      // Opening the mailed link proves the address, as a reset link does.
      const changes: TAccountChanges = { emailVerified: true, lastLoginAt: new Date() };
      // An unproved address with a password may be someone else's sign-up in the owner's name
      // (pre-hijacking): the owner, now proved, keeps the account and that password and its
      // sessions end. The owner sets a password of their own afterwards.
      const isTakenBack = !account.emailVerified && account.passwordHash !== null;
      if (isTakenBack) {
        changes.passwordHash = null;
        changes.passwordUpdatedAt = new Date();
        changes.validSince = revokedValidSince();
      }
      const signedIn = await updateAccount(tx, project.projectId, account.id, changes);
      if (!signedIn) throw new IdentityError('INVALID_OOB_CODE');
      if (isTakenBack) await revokeRefreshTokens(tx, project.projectId, account.id);
      const tokens = await issueTokenSet(context, tx, project, signedIn);
      return {
        isTakenBack,
        uid: account.id,
        body: {
          kind: 'identitytoolkit#EmailLinkSigninResponse',
          email: signedIn.email,
          isNewUser: false,
          ...tokens,
        },
      };
    });
    if (response.isTakenBack) {
      // Awaited: whoever held the dropped password is out of the app before the owner is in.
      await context.signals.emit(
        requestedAccountEvent('password-reset', response.uid, { project, ip, userAgent }),
      );
    }
    return response.body;
  };

  return { sendSignInLink, signInWithEmailLink };
};
