import { randomBytes } from 'node:crypto';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { idTokenLifetimeSeconds } from './id-tokens.ts';
import { hashSecret, type IdentityContext, nowInSeconds, requestedAccountEvent } from './identity-context.ts';
import { IdentityError } from './identity-error.ts';
import {
  deleteAccount,
  findAccountByEmail,
  type IdentityAccount,
  insertAccount,
  prepareFindRefreshSession,
  recordSignIn,
  revokedValidSince,
  revokeRefreshTokens,
  type TAccountChanges,
  updateAccount,
} from './identity-repository.ts';
import type { IdentityProject } from './projects.ts';
import { assertPasswordMeetsPolicy, readEmail, readPassword, readString } from './request-fields.ts';
import { authenticateIdToken, issueTokenSet, requireRecentLogin, signAccountIdToken } from './sessions.ts';

export type TIdentityRequest = {
  project: IdentityProject;
  body: Record<string, unknown>;
  ip: string;
  userAgent?: string;
};

/** 28 characters of base62, the shape of Identity Platform's local ids. */
export const createAccountId = () => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(28)].map((byte) => alphabet[byte % alphabet.length]).join('');
};

/** The `users[0]` shape of accounts:lookup (identity-protocol.md §2 and §10.2-3). */
export const toLookupUser = (account: IdentityAccount) => ({
  localId: account.id,
  email: account.email,
  emailVerified: account.emailVerified,
  ...(account.displayName ? { displayName: account.displayName } : {}),
  ...(account.photoUrl ? { photoUrl: account.photoUrl } : {}),
  ...(account.passwordHash ? { passwordHash: 'UkVEQUNURUQ=' } : {}),
  providerUserInfo: [
    {
      providerId: 'password',
      rawId: account.email,
      federatedId: account.email,
      email: account.email,
      ...(account.displayName ? { displayName: account.displayName } : {}),
      ...(account.photoUrl ? { photoUrl: account.photoUrl } : {}),
    },
  ],
  ...(account.passwordUpdatedAt ? { passwordUpdatedAt: account.passwordUpdatedAt.getTime() } : {}),
  validSince: String(account.validSince),
  disabled: account.disabled,
  createdAt: String(account.createdAt.getTime()),
  ...(account.lastLoginAt ? { lastLoginAt: String(account.lastLoginAt.getTime()) } : {}),
});

export const createIdentityService = (context: IdentityContext) => {
  const { db, limits } = context;
  const findRefreshSession = prepareFindRefreshSession(db);

  const signUp = async ({ project, body, ip }: TIdentityRequest) => {
    if (body.idToken !== undefined)
      throw new IdentityError('OPERATION_NOT_ALLOWED', 'Linking accounts is not enabled');
    if (body.email === undefined && body.password === undefined) {
      throw new IdentityError('ADMIN_ONLY_OPERATION', 'Anonymous sign-up is not enabled');
    }
    const email = readEmail(body);
    const password = readPassword(body, 'password');
    assertPasswordMeetsPolicy(context, password);
    if (!(await limits.signUpsPerIp.consume(ip)).isAllowed) {
      throw new IdentityError(
        'TOO_MANY_ATTEMPTS_TRY_LATER',
        'Too many sign-ups from this address; try again later',
      );
    }
    const passwordHash = await context.passwords.hash(password);
    const now = new Date();
    return db.transaction(async (tx) => {
      const account = await insertAccount(tx, {
        projectId: project.projectId,
        id: createAccountId(),
        email,
        passwordHash,
        displayName: typeof body.displayName === 'string' ? body.displayName.slice(0, 256) : null,
        validSince: nowInSeconds(),
        createdAt: now,
        lastLoginAt: now,
        passwordUpdatedAt: now,
      });
      if (!account) throw new IdentityError('EMAIL_EXISTS');
      const tokens = await issueTokenSet(context, tx, project, account);
      return { kind: 'identitytoolkit#SignupNewUserResponse', email, ...tokens };
    });
  };

  const signInWithPassword = async ({ project, body, ip, userAgent }: TIdentityRequest) => {
    const email = readEmail(body);
    const password = readPassword(body, 'password');
    const accountKey = `${project.projectId}/${email}`;
    // Every attempt is counted, atomically and before the hash: counting only failures after the
    // hash let parallel guesses all pass the check before any of them was counted. The address is
    // counted first, so a flood from one address does not lock the accounts it names.
    const isAllowed =
      (await limits.signInsPerIp.consume(ip)).isAllowed &&
      (await limits.signInsPerAccount.consume(accountKey)).isAllowed;
    if (!isAllowed) {
      throw new IdentityError(
        'TOO_MANY_ATTEMPTS_TRY_LATER',
        'Too many unsuccessful sign-in attempts; try again later',
      );
    }
    const account = await findAccountByEmail(db, project.projectId, email);
    const isPasswordRight = account?.passwordHash
      ? await context.passwords.verify(password, account.passwordHash)
      : await context.passwords.spendDecoyHashTime(password).then(() => false);
    if (!account || !isPasswordRight) {
      if (account) {
        await context.signals.emit(
          requestedAccountEvent('sign-in-failed', account.id, { project, ip, userAgent }),
        );
      }
      // One answer for unknown email and wrong password: no account enumeration (docs/architecture.md).
      throw new IdentityError('INVALID_LOGIN_CREDENTIALS');
    }
    if (account.disabled) throw new IdentityError('USER_DISABLED');
    // Only the right password clears the count, so only its holder can: guesses never buy more
    // guesses. The address keeps counting failures only, so an office behind one address can sign in.
    await Promise.all([limits.signInsPerAccount.reset(accountKey), limits.signInsPerIp.refund(ip)]);
    return db.transaction(async (tx) => {
      // The password may have changed (or the account been disabled) while it was being hashed.
      const signedIn = await recordSignIn(tx, account);
      if (!signedIn) throw new IdentityError('INVALID_LOGIN_CREDENTIALS');
      const tokens = await issueTokenSet(context, tx, project, signedIn);
      return {
        kind: 'identitytoolkit#VerifyPasswordResponse',
        email: account.email,
        displayName: account.displayName ?? '',
        registered: true,
        ...tokens,
      };
    });
  };

  const lookup = async ({ project, body }: TIdentityRequest) => {
    const { account } = await authenticateIdToken(context, project, body.idToken);
    return { kind: 'identitytoolkit#GetAccountInfoResponse', users: [toLookupUser(account)] };
  };

  /** accounts:update with an idToken: profile, email or password changes (applyActionCode is in action-codes.ts). */
  const updateProfile = async ({ project, body, ip, userAgent }: TIdentityRequest) => {
    const { account, claims } = await authenticateIdToken(context, project, body.idToken);
    const changes: TAccountChanges = {};
    const deleted = Array.isArray(body.deleteAttribute) ? body.deleteAttribute : [];
    if (typeof body.displayName === 'string') changes.displayName = body.displayName.slice(0, 256);
    if (typeof body.photoUrl === 'string') changes.photoUrl = body.photoUrl.slice(0, 2048);
    if (deleted.includes('DISPLAY_NAME')) changes.displayName = null;
    if (deleted.includes('PHOTO_URL')) changes.photoUrl = null;
    const isCredentialChange = body.email !== undefined || body.password !== undefined;
    if (isCredentialChange) requireRecentLogin(claims);
    // Before any work and outside the transaction below (docs/decisions/042 and 025).
    await context.accountChangeChecks.assertAllowed({
      project: project.name,
      uid: account.id,
      authTime: claims.auth_time,
      kinds: [
        ...(body.password !== undefined ? ['password' as const] : []),
        ...(body.email !== undefined ? ['email' as const] : []),
        ...(Object.keys(changes).length > 0 ? ['profile' as const] : []),
      ],
    });
    if (body.email !== undefined) {
      const email = readEmail(body);
      if (email !== account.email) {
        const holder = await findAccountByEmail(db, project.projectId, email);
        if (holder) throw new IdentityError('EMAIL_EXISTS');
        changes.email = email;
        changes.emailVerified = false;
      }
    }
    if (body.password !== undefined) {
      const password = readPassword(body, 'password');
      assertPasswordMeetsPolicy(context, password);
      changes.passwordHash = await context.passwords.hash(password);
      changes.passwordUpdatedAt = new Date();
    }
    const response = await db.transaction(async (tx) => {
      // Every other session ends; this one continues with the fresh tokens below. The account row
      // is written first: it waits for a sign-in holding the row, so the refresh tokens revoked
      // next include any that sign-in made.
      if (isCredentialChange) changes.validSince = revokedValidSince();
      const updated = await updateAccount(tx, project.projectId, account.id, changes).catch(
        (error: unknown) => {
          if (isUniqueViolation(error)) throw new IdentityError('EMAIL_EXISTS');
          throw error;
        },
      );
      if (!updated) throw new IdentityError('USER_NOT_FOUND');
      if (isCredentialChange) await revokeRefreshTokens(tx, project.projectId, account.id);
      const tokens = isCredentialChange ? await issueTokenSet(context, tx, project, updated) : undefined;
      return { kind: 'identitytoolkit#SetAccountInfoResponse', ...toLookupUser(updated), ...(tokens ?? {}) };
    });
    if (body.password !== undefined) {
      // Awaited: the other app sessions of this account have ended before the change is confirmed.
      await context.signals.emit(
        requestedAccountEvent('password-change', account.id, { project, ip, userAgent }),
      );
    }
    return response;
  };

  const remove = async ({ project, body, ip, userAgent }: TIdentityRequest) => {
    const { account, claims } = await authenticateIdToken(context, project, body.idToken);
    requireRecentLogin(claims);
    await context.accountChangeChecks.assertAllowed({
      project: project.name,
      uid: account.id,
      authTime: claims.auth_time,
      kinds: ['delete'],
    });
    await db.transaction((tx) => deleteAccount(tx, project.projectId, account.id));
    await context.signals.emit(
      requestedAccountEvent('account-deleted', account.id, { project, ip, userAgent }),
    );
    return { kind: 'identitytoolkit#DeleteAccountResponse' };
  };

  /** securetoken v1/token: a fresh ID token for a live refresh token; revoked sessions answer TOKEN_EXPIRED. */
  const refresh = async ({ project, body }: TIdentityRequest) => {
    const grantType = body.grant_type;
    if (grantType === undefined || grantType === '') throw new IdentityError('MISSING_GRANT_TYPE');
    if (grantType !== 'refresh_token') throw new IdentityError('INVALID_GRANT_TYPE');
    const refreshToken = readString(body, 'refresh_token', 'MISSING_REFRESH_TOKEN', 512);
    const [session] = await findRefreshSession.execute({ tokenHash: hashSecret(refreshToken) });
    if (!session || session.token.projectId !== project.projectId)
      throw new IdentityError('INVALID_REFRESH_TOKEN');
    const { token, account } = session;
    if (!account) throw new IdentityError('USER_NOT_FOUND');
    if (account.disabled) throw new IdentityError('USER_DISABLED');
    // A refresh token counts from its createdAt, which issueTokenSet lifts to validSince.
    const issuedAt = Math.floor(token.createdAt.getTime() / 1000);
    if (token.revokedAt || issuedAt < account.validSince) throw new IdentityError('TOKEN_EXPIRED');
    // auth_time is the sign-in's own time and never in the future, even when createdAt was lifted.
    const idToken = await signAccountIdToken(
      context,
      project,
      account,
      Math.min(issuedAt, nowInSeconds()),
      token.signInProvider,
    );
    return {
      access_token: idToken,
      expires_in: String(idTokenLifetimeSeconds),
      token_type: 'Bearer',
      refresh_token: refreshToken,
      id_token: idToken,
      user_id: account.id,
      project_id: project.projectId,
    };
  };

  return { signUp, signInWithPassword, lookup, updateProfile, remove, refresh };
};

export type IdentityService = ReturnType<typeof createIdentityService>;
