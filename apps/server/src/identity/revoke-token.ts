import { hashSecret, type IdentityContext } from './identity-context.ts';
import { revokeRefreshToken } from './identity-repository.ts';
import type { TIdentityRequest } from './identity-service.ts';
import { readString } from './request-fields.ts';
import { authenticateIdToken } from './sessions.ts';

/**
 * v2/accounts:revokeToken `{providerId, tokenType, token, idToken}` (the SDK's revokeAccessToken):
 * answers `{}` once what it names is revoked. We hold no other provider's tokens, so the only thing
 * it can name is one of the caller's own refresh tokens (tokenType REFRESH_TOKEN); anything else has
 * nothing to revoke. Another account's token is left alone, and the answer is the same either way.
 */
export const createRevokeTokenService = (context: IdentityContext) => {
  const revokeToken = async ({ project, body }: TIdentityRequest) => {
    const { account } = await authenticateIdToken(context, project, body.idToken);
    const token = readString(body, 'token', 'MISSING_TOKEN', 512);
    if (body.tokenType === 'REFRESH_TOKEN') {
      await revokeRefreshToken(context.db, {
        projectId: project.projectId,
        accountId: account.id,
        tokenHash: hashSecret(token),
      });
    }
    return {};
  };
  return { revokeToken };
};
