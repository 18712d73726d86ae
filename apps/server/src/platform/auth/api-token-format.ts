import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { apiTokenPrefix } from '@cargodesk/shared';

// The personal API token as text (docs/decisions/018-api-tokens.md):
// `cdk_pat_<company id, 32 hex><token id, 32 hex>_<secret, 43 base64url>`. The company id lets the
// server look the row up inside that company's row-level security, with no lookup that bypasses it;
// a forged company id finds no row. The secret is 256 random bits, so a fast hash is enough.

const secretBytes = 32;
const tokenPattern = new RegExp(`^${apiTokenPrefix}([0-9a-f]{32})([0-9a-f]{32})_([A-Za-z0-9_-]{43})$`);

const hexOf = (uuid: string) => uuid.replaceAll('-', '');
const uuidOf = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

export const hashApiTokenSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** A new token's text and the hash to store; the text is shown once and never kept. */
export const createApiTokenText = ({ companyId, tokenId }: { companyId: string; tokenId: string }) => {
  const secret = randomBytes(secretBytes).toString('base64url');
  return {
    token: `${apiTokenPrefix}${hexOf(companyId)}${hexOf(tokenId)}_${secret}`,
    secretHash: hashApiTokenSecret(secret),
  };
};

export const looksLikeApiToken = (text: string) => text.startsWith(apiTokenPrefix);

/** The ids a token names and the hash of its secret; undefined for text that is not a token. */
export const parseApiToken = (
  text: string,
): { companyId: string; tokenId: string; secretHash: string } | undefined => {
  const match = tokenPattern.exec(text);
  if (!match?.[1] || !match[2] || !match[3]) return undefined;
  return { companyId: uuidOf(match[1]), tokenId: uuidOf(match[2]), secretHash: hashApiTokenSecret(match[3]) };
};

/** Hashes compared in constant time, so the answer's timing tells nothing about the stored hash. */
export const isSameSecretHash = (stored: string, presented: string) => {
  const storedBytes = Buffer.from(stored);
  const presentedBytes = Buffer.from(presented);
  return storedBytes.length === presentedBytes.length && timingSafeEqual(storedBytes, presentedBytes);
};
