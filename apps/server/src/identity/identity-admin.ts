import { createActionLink } from './action-codes.ts';
import { issuerFor } from './id-tokens.ts';
import {
  hashSecret,
  type IdentityContext,
  isValidEmail,
  normaliseEmail,
  nowInSeconds,
} from './identity-context.ts';
import { IdentityError } from './identity-error.ts';
import {
  deleteAccount,
  findAccountByEmail,
  findAccountById,
  findActionCode,
  insertAccount,
  revokedValidSince,
  revokeRefreshTokens,
  updateAccount,
} from './identity-repository.ts';
import { createAccountId } from './identity-service.ts';
import { claimFirstPlatformAdmin, isPlatformAdmin } from './platform-admins.ts';
import type { IdentityProject, TProjectName } from './projects.ts';
import { assertPasswordMeetsPolicy } from './request-fields.ts';

export type TVerifiedIdentity = {
  project: TProjectName;
  uid: string;
  email: string;
  emailVerified: boolean;
  authTime: number;
  /** `password`, or the identity provider that started the session (`oidc.<companyId>`). */
  signInProvider: string;
};

/**
 * The in-process admin interface the iam service uses (docs/architecture.md): nothing outside this module
 * reads identity tables. Failures throw IdentityError with the protocol code (e.g. EMAIL_EXISTS).
 */
export const createIdentityAdmin = (context: IdentityContext) => {
  const { db } = context;
  const projectNamed = (name: TProjectName): IdentityProject => {
    const project = context.projects.find((candidate) => candidate.name === name);
    if (!project) throw new Error(`Unknown identity project ${name}`);
    return project;
  };
  const requireAccount = async (project: IdentityProject, uid: string) => {
    const account = await findAccountById(db, project.projectId, uid);
    if (!account) throw new IdentityError('USER_NOT_FOUND');
    return account;
  };
  const endSessions = async (project: IdentityProject, uid: string, changes: { disabled?: boolean } = {}) => {
    await db.transaction(async (tx) => {
      const updated = await updateAccount(tx, project.projectId, uid, {
        ...changes,
        validSince: revokedValidSince(),
      });
      if (!updated) throw new IdentityError('USER_NOT_FOUND');
      await revokeRefreshTokens(tx, project.projectId, uid);
    });
  };

  return {
    /** An account for an invited user (no password: they set one through a reset link) or a seeded one. */
    createAccount: async ({
      project = 'production',
      email,
      password,
      displayName,
      emailVerified = false,
    }: {
      project?: TProjectName;
      email: string;
      password?: string;
      displayName?: string;
      emailVerified?: boolean;
    }) => {
      const address = normaliseEmail(email);
      if (!isValidEmail(address)) throw new IdentityError('INVALID_EMAIL');
      if (password !== undefined) assertPasswordMeetsPolicy(context, password);
      const account = await insertAccount(db, {
        projectId: projectNamed(project).projectId,
        id: createAccountId(),
        email: address,
        emailVerified,
        passwordHash: password === undefined ? null : await context.passwords.hash(password),
        passwordUpdatedAt: password === undefined ? null : new Date(),
        displayName: displayName ?? null,
        validSince: nowInSeconds(),
      });
      if (!account) throw new IdentityError('EMAIL_EXISTS');
      return { uid: account.id, email: account.email };
    },
    /** Platform rights: the operator's flag on this very account, with its email still verified. */
    isPlatformAdmin: async (project: TProjectName, uid: string) => isPlatformAdmin(db, project, uid),
    /** `FIRST_PLATFORM_ADMIN`: the configured, verified address gets the flag while no one holds it. */
    claimFirstPlatformAdmin: async (project: TProjectName, email: string) =>
      claimFirstPlatformAdmin(db, { project, email }),
    getAccount: async (project: TProjectName, uid: string) =>
      findAccountById(db, projectNamed(project).projectId, uid),
    findAccountByEmail: async (project: TProjectName, email: string) =>
      findAccountByEmail(db, projectNamed(project).projectId, normaliseEmail(email)),
    /** Disabling also ends every session at once: the next refresh answers USER_DISABLED. */
    disableAccount: async (project: TProjectName, uid: string) => {
      await endSessions(projectNamed(project), uid, { disabled: true });
      await context.signals.emit({ kind: 'account-disabled', project, uid });
    },
    enableAccount: async (project: TProjectName, uid: string) => {
      const updated = await updateAccount(db, projectNamed(project).projectId, uid, { disabled: false });
      if (!updated) throw new IdentityError('USER_NOT_FOUND');
    },
    revokeSessions: async (project: TProjectName, uid: string) => endSessions(projectNamed(project), uid),
    /** Removes the account with its refresh tokens and action codes: its ID tokens stop verifying at once. */
    deleteAccount: async (project: TProjectName, uid: string) => {
      await db.transaction((tx) => deleteAccount(tx, projectNamed(project).projectId, uid));
      await context.signals.emit({ kind: 'account-deleted', project, uid });
    },
    /** A verify or reset link without sending it: the caller mails it (e.g. in an invitation). */
    generateActionLink: async ({
      project = 'production',
      kind,
      email,
      uid,
      lifetimeMs,
    }: {
      project?: TProjectName;
      kind: 'VERIFY_EMAIL' | 'PASSWORD_RESET';
      email: string;
      /** The very account the link is for: an invitation names the account it made, not whichever holds the address now. */
      uid?: string;
      /** How long the link works; an hour unless said. */
      lifetimeMs?: number;
    }) => {
      const target = projectNamed(project);
      const address = normaliseEmail(email);
      const account =
        uid === undefined
          ? await findAccountByEmail(db, target.projectId, address)
          : await findAccountById(db, target.projectId, uid);
      if (!account || account.email !== address) throw new IdentityError('EMAIL_NOT_FOUND');
      return createActionLink(context, db, {
        project: target,
        account,
        kind,
        ...(lifetimeMs === undefined ? {} : { lifetimeMs }),
      });
    },
    /**
     * What a mailed link's code is for, while it can still be used: its kind, project and account.
     * Reading it uses nothing up; an unknown, used or expired code answers undefined.
     */
    describeActionCode: async (code: string) => {
      const row = await findActionCode(db, hashSecret(code));
      if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now()) return undefined;
      const project = context.projects.find((candidate) => candidate.projectId === row.projectId);
      if (!project) return undefined;
      return { kind: row.kind, project: project.name, uid: row.accountId, email: row.email };
    },
    /**
     * Verifies an ID token from either project (issuer allowlist, signature, audience, expiry) and
     * that its account still exists, is enabled and was not revoked since.
     */
    verifyIdToken: async (idToken: string): Promise<TVerifiedIdentity> => {
      for (const project of context.projects) {
        const issuer = issuerFor(context.config.publicUrl, project.projectId);
        const claims = await context.verifyToken(idToken, issuer, project.projectId).catch(() => undefined);
        if (!claims) continue;
        const account = await requireAccount(project, String(claims.sub));
        if (account.disabled) throw new IdentityError('USER_DISABLED');
        if ((claims.iat ?? 0) < account.validSince) throw new IdentityError('TOKEN_EXPIRED');
        return {
          project: project.name,
          uid: account.id,
          email: account.email,
          emailVerified: account.emailVerified,
          authTime: claims.auth_time,
          signInProvider: claims.firebase?.sign_in_provider ?? 'password',
        };
      }
      throw new IdentityError('INVALID_ID_TOKEN');
    },
  };
};

export type IdentityAdmin = ReturnType<typeof createIdentityAdmin>;
