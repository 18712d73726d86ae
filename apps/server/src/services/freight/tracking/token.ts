import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { trackingTokenPattern } from '@cargodesk/shared';

// A tracking link's token: `<company id><link id><secret>`, each base64url (22, 22 and 43
// characters; 87 in all, within a route parameter's 100), as an API token is built (docs/decisions/018-api-tokens.md): the company id lets the public route read the
// link inside that company's row-level security, with no lookup across companies; the secret is
// 256 random bits, so a fast hash is enough and only the hash is stored.

const textOf = (uuid: string) => Buffer.from(uuid.replaceAll('-', ''), 'hex').toString('base64url');
const uuidOf = (text: string) => {
  const hex = Buffer.from(text, 'base64url').toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export const hashTrackingSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/** A new link's token and the hash to store; the token is shown once and never kept. */
export const createTrackingToken = ({ companyId, linkId }: { companyId: string; linkId: string }) => {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${textOf(companyId)}${textOf(linkId)}${secret}`, secretHash: hashTrackingSecret(secret) };
};

/** The ids a token names and its secret's hash; undefined for text that is no token. */
export const parseTrackingToken = (
  text: string,
): { companyId: string; linkId: string; secretHash: string } | undefined => {
  if (!trackingTokenPattern.test(text)) return undefined;
  return {
    companyId: uuidOf(text.slice(0, 22)),
    linkId: uuidOf(text.slice(22, 44)),
    secretHash: hashTrackingSecret(text.slice(44)),
  };
};

/** Compared in constant time: the answer's timing says nothing of the stored hash. */
export const isSameTrackingSecret = (stored: string, presented: string) => {
  const storedBytes = Buffer.from(stored);
  const presentedBytes = Buffer.from(presented);
  return storedBytes.length === presentedBytes.length && timingSafeEqual(storedBytes, presentedBytes);
};
