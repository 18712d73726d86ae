import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { identityIdpAssertions } from '../db/schema/index.ts';
import { hashSecret, type IdentityContext, normaliseEmail } from './identity-context.ts';
import { IdentityError } from './identity-error.ts';
import { findAccountById, updateAccount } from './identity-repository.ts';
import type { TIdentityRequest } from './identity-service.ts';
import type { TProjectName } from './projects.ts';
import { readString } from './request-fields.ts';
import { issueTokenSet } from './sessions.ts';

// accounts:signInWithIdp (docs/decisions/020-single-sign-on.md). The browser never carries anything
// from the identity provider that we would believe: the server finished the authorization-code flow
// and verified the provider's ID token itself, then left a single-use assertion here. The SDK hands
// that assertion back as the credential's id_token, and only its hash is stored.

/** How long the browser has to redeem a verified sign-in. */
const assertionLifetimeMs = 2 * 60 * 1000;

/** One answer for every unusable credential: which part failed is the server's business. */
const invalidIdpResponse = () =>
  new IdentityError('INVALID_IDP_RESPONSE', 'The single sign-on credential is invalid or was already used');

/** The in-process interface the iam service's sign-on flow uses to leave verified sign-ins. */
export const createIdpAdmin = (context: IdentityContext) => {
  const projectIdOf = (name: TProjectName) => {
    const project = context.projects.find((candidate) => candidate.name === name);
    if (!project) throw new Error(`Unknown identity project ${name}`);
    return project.projectId;
  };
  return {
    /**
     * A verified sign-in for `uid` (or, with uid null, an address whose account this provider may
     * not join: the SDK then reports account-exists-with-different-credential). Answers the secret.
     */
    createAssertion: async ({
      project,
      providerId,
      uid,
      email,
      rawUserInfo,
    }: {
      project: TProjectName;
      providerId: string;
      uid: string | null;
      email: string;
      rawUserInfo: Record<string, unknown>;
    }) => {
      const assertion = randomBytes(32).toString('base64url');
      // Assertions nobody redeemed are of no use to anyone once expired.
      await context.db
        .delete(identityIdpAssertions)
        .where(lt(identityIdpAssertions.expiresAt, new Date(Date.now() - 60 * 60 * 1000)));
      await context.db.insert(identityIdpAssertions).values({
        assertionHash: hashSecret(assertion),
        projectId: projectIdOf(project),
        providerId,
        accountId: uid,
        email: normaliseEmail(email),
        rawUserInfo,
        expiresAt: new Date(Date.now() + assertionLifetimeMs),
      });
      return assertion;
    },
  };
};

export type IdpAdmin = ReturnType<typeof createIdpAdmin>;

/** `id_token` and `providerId` from the SDK's postBody (`id_token=…&providerId=…`). */
const readCredential = (body: Record<string, unknown>) => {
  if (typeof body.pendingToken === 'string' && body.pendingToken !== '') {
    return { assertion: body.pendingToken, providerId: undefined };
  }
  const postBody = new URLSearchParams(readString(body, 'postBody', 'INVALID_IDP_RESPONSE', 8192));
  const assertion = postBody.get('id_token');
  const providerId = postBody.get('providerId');
  if (!assertion || !providerId) throw invalidIdpResponse();
  return { assertion, providerId };
};

export const createSignInWithIdp =
  (context: IdentityContext) =>
  async ({ project, body }: TIdentityRequest) => {
    const { assertion, providerId } = readCredential(body);
    if (assertion.length > 256) throw invalidIdpResponse();
    const response = await context.db.transaction(async (tx) => {
      // Used up in the same statement that finds it: two redemptions in parallel get one session.
      const [redeemed] = await tx
        .update(identityIdpAssertions)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(identityIdpAssertions.assertionHash, hashSecret(assertion)),
            isNull(identityIdpAssertions.usedAt),
            gt(identityIdpAssertions.expiresAt, new Date()),
          ),
        )
        .returning();
      if (!redeemed || redeemed.projectId !== project.projectId) throw invalidIdpResponse();
      if (providerId !== undefined && providerId !== redeemed.providerId) throw invalidIdpResponse();
      const common = {
        kind: 'identitytoolkit#VerifyAssertionResponse',
        providerId: redeemed.providerId,
        email: redeemed.email,
        rawUserInfo: JSON.stringify(redeemed.rawUserInfo),
      };
      // The SDK turns this into auth/account-exists-with-different-credential (identity-protocol.md §2).
      if (redeemed.accountId === null) return { ...common, needConfirmation: true };
      const account = await findAccountById(tx, project.projectId, redeemed.accountId);
      if (!account) throw invalidIdpResponse();
      if (account.disabled) throw new IdentityError('USER_DISABLED');
      const signedIn =
        (await updateAccount(tx, project.projectId, account.id, { lastLoginAt: new Date() })) ?? account;
      const tokens = await issueTokenSet(context, tx, project, signedIn, redeemed.providerId);
      return {
        ...common,
        federatedId: String(redeemed.rawUserInfo.sub ?? redeemed.email),
        emailVerified: signedIn.emailVerified,
        ...(signedIn.displayName ? { displayName: signedIn.displayName } : {}),
        isNewUser: account.lastLoginAt === null,
        ...tokens,
      };
    });
    return response;
  };
