import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/client.ts';
import { buildActionMail } from './action-mails.ts';
import { hashSecret, type IdentityContext, requestedAccountEvent } from './identity-context.ts';
import { IdentityError } from './identity-error.ts';
import {
  consumeActionCode,
  findAccountByEmail,
  findAccountById,
  findActionCode,
  type IdentityAccount,
  insertActionCode,
  revokedValidSince,
  revokeRefreshTokens,
  type TActionKind,
  updateAccount,
} from './identity-repository.ts';
import type { TIdentityRequest } from './identity-service.ts';
import type { IdentityProject } from './projects.ts';
import { assertPasswordMeetsPolicy, readEmail, readPassword, readString } from './request-fields.ts';
import { authenticateIdToken } from './sessions.ts';

/** A mailed link works for an hour, unless its sender asks for longer (an invitation: 7 days). */
export const defaultActionCodeLifetimeMs = 60 * 60 * 1000;
const modes: Record<TActionKind, string> = {
  VERIFY_EMAIL: 'verifyEmail',
  PASSWORD_RESET: 'resetPassword',
  EMAIL_SIGNIN: 'signIn',
};

/** Creates a single-use code (stored hashed) and answers the SPA link that completes it. */
export const createActionLink = async (
  context: IdentityContext,
  db: Queryable,
  {
    project,
    account,
    kind,
    lifetimeMs = defaultActionCodeLifetimeMs,
    continueUrl,
  }: {
    project: IdentityProject;
    account: IdentityAccount;
    kind: TActionKind;
    lifetimeMs?: number;
    /** Where the SPA goes once the code is used; already checked to be on an authorized domain. */
    continueUrl?: string | undefined;
  },
) => {
  const code = randomBytes(32).toString('base64url');
  await insertActionCode(db, {
    codeHash: hashSecret(code),
    projectId: project.projectId,
    accountId: account.id,
    kind,
    email: account.email,
    expiresAt: new Date(Date.now() + lifetimeMs),
  });
  const query = new URLSearchParams({ mode: modes[kind], oobCode: code, apiKey: project.apiKey, lang: 'en' });
  if (continueUrl) query.set('continueUrl', continueUrl);
  return `${context.config.publicUrl}/auth/action?${query}`;
};

export const createActionCodeService = (context: IdentityContext) => {
  const { db, limits } = context;

  /**
   * Counts a requested mail against the address and the client before any code is made. The
   * address is counted whether or not it has an account, so a limit reached says nothing about
   * which addresses exist. A verification link may be asked for once a minute.
   */
  const assertMayMail = async (project: IdentityProject, email: string, kind: TActionKind, ip: string) => {
    const addressKey = `${project.projectId}/${email}`;
    const isAllowed =
      (await limits.actionMailsPerIp.consume(ip)).isAllowed &&
      (kind !== 'VERIFY_EMAIL' || (await limits.verifyMailCooldown.consume(addressKey)).isAllowed) &&
      (await limits.actionMailsPerAddress.consume(addressKey)).isAllowed;
    if (!isAllowed) {
      throw new IdentityError(
        kind === 'PASSWORD_RESET' ? 'RESET_PASSWORD_EXCEED_LIMIT' : 'TOO_MANY_ATTEMPTS_TRY_LATER',
      );
    }
  };

  const mailActionLink = async (
    project: IdentityProject,
    account: IdentityAccount,
    kind: TActionKind,
    continueUrl?: string,
  ) => {
    // The code and its mail are written together: no mail without a code, no code without a mail.
    await db.transaction(async (tx) => {
      const link = await createActionLink(context, tx, { project, account, kind, continueUrl });
      await context.sendMail(await buildActionMail({ kind, email: account.email, link }), tx);
    });
    context.wakeMailer();
  };

  const sendOobCode = async ({ project, body, ip }: TIdentityRequest) => {
    const requestType = readString(body, 'requestType', 'MISSING_REQ_TYPE', 64);
    if (requestType === 'PASSWORD_RESET') {
      const email = readEmail(body);
      await assertMayMail(project, email, 'PASSWORD_RESET', ip);
      const account = await findAccountByEmail(db, project.projectId, email);
      // Unknown and disabled accounts get the same silent success: no account enumeration.
      if (account && !account.disabled) {
        // A company that requires single sign-on gets a mail saying so instead of a link: the
        // answer here stays the same, so it tells nobody which addresses belong to such a company.
        const gate = context.passwordResetGate.current;
        const verdict = gate
          ? await gate({ project: project.name, uid: account.id, email: account.email })
          : { kind: 'link' as const };
        if (verdict.kind === 'link') await mailActionLink(project, account, 'PASSWORD_RESET');
        else {
          await context.sendMail(verdict.mail, db);
          context.wakeMailer();
        }
      }
      return { kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email };
    }
    if (requestType === 'VERIFY_EMAIL') {
      const { account } = await authenticateIdToken(context, project, body.idToken);
      await assertMayMail(project, account.email, 'VERIFY_EMAIL', ip);
      await mailActionLink(project, account, 'VERIFY_EMAIL');
      return { kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email: account.email };
    }
    throw new IdentityError('OPERATION_NOT_ALLOWED', `requestType ${requestType} is not supported`);
  };

  /** An unused, unexpired code of the wanted kind, or the protocol's error for it. */
  const findUsableCode = async (oobCode: string, project: IdentityProject, kind?: TActionKind) => {
    const code = await findActionCode(db, hashSecret(oobCode));
    if (!code || code.projectId !== project.projectId || (kind && code.kind !== kind) || code.usedAt) {
      throw new IdentityError('INVALID_OOB_CODE');
    }
    if (code.expiresAt.getTime() <= Date.now()) throw new IdentityError('EXPIRED_OOB_CODE');
    return code;
  };

  const consume = async (tx: Queryable, oobCode: string) => {
    const consumed = await consumeActionCode(tx, hashSecret(oobCode));
    if (!consumed) throw new IdentityError('INVALID_OOB_CODE');
    const account = await findAccountById(tx, consumed.projectId, consumed.accountId);
    // The address may have changed since the mail went out: the code proves only the old one.
    if (!account || account.email !== consumed.email) throw new IdentityError('INVALID_OOB_CODE');
    if (account.disabled) throw new IdentityError('USER_DISABLED');
    return { code: consumed, account };
  };

  /** accounts:resetPassword: `{oobCode}` checks a code, `{oobCode, newPassword}` uses it. */
  const resetPassword = async ({ project, body, ip, userAgent }: TIdentityRequest) => {
    const oobCode = readString(body, 'oobCode', 'MISSING_OOB_CODE', 512);
    const code = await findUsableCode(oobCode, project, 'PASSWORD_RESET');
    if (body.newPassword === undefined)
      return {
        kind: 'identitytoolkit#ResetPasswordResponse',
        email: code.email,
        requestType: 'PASSWORD_RESET',
      };
    const newPassword = readPassword(body, 'newPassword');
    assertPasswordMeetsPolicy(context, newPassword);
    const passwordHash = await context.passwords.hash(newPassword);
    const response = await db.transaction(async (tx) => {
      const { account } = await consume(tx, oobCode);
      // Reading the mail proved the address, and every old session ends with the old password.
      await updateAccount(tx, project.projectId, account.id, {
        passwordHash,
        passwordUpdatedAt: new Date(),
        emailVerified: true,
        validSince: revokedValidSince(),
      });
      await revokeRefreshTokens(tx, project.projectId, account.id);
      return {
        uid: account.id,
        body: {
          kind: 'identitytoolkit#ResetPasswordResponse',
          email: account.email,
          requestType: 'PASSWORD_RESET',
        },
      };
    });
    // Awaited: whoever held the old password is signed out of the app before the reset is confirmed.
    await context.signals.emit(
      requestedAccountEvent('password-reset', response.uid, { project, ip, userAgent }),
    );
    return response.body;
  };

  /** accounts:update `{oobCode}` (applyActionCode): verifies the email address. */
  const applyActionCode = async ({ project, body }: TIdentityRequest) => {
    const oobCode = readString(body, 'oobCode', 'MISSING_OOB_CODE', 512);
    await findUsableCode(oobCode, project, 'VERIFY_EMAIL');
    return db.transaction(async (tx) => {
      const { account } = await consume(tx, oobCode);
      await updateAccount(tx, project.projectId, account.id, { emailVerified: true });
      return {
        kind: 'identitytoolkit#SetAccountInfoResponse',
        localId: account.id,
        email: account.email,
        emailVerified: true,
      };
    });
  };

  return {
    sendOobCode,
    resetPassword,
    applyActionCode,
    // The building blocks the email-link sign-in (email-link.ts) shares with the other mailed links.
    assertMayMail,
    mailActionLink,
    findUsableCode,
    consume,
  };
};

export type ActionCodeService = ReturnType<typeof createActionCodeService>;
