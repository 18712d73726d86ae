// Credentials a request's URL may carry, redacted before the URL is logged or reported.

/**
 * Query fields that carry a credential: the two-factor step's ID token (`/login?fbtkn=…`, docs/product.md §2),
 * the mailed action codes and OAuth-style tokens. Request logs keep the field, never its value.
 */
const secretQueryFields = [
  'fbtkn',
  'oobCode',
  'token',
  'idToken',
  'id_token',
  'refresh_token',
  'access_token',
];
const secretQueryPattern = new RegExp(`([?&](?:${secretQueryFields.join('|')})=)[^&#]*`, 'gi');

/** A tracking link's token is its path (`/tracking/:token`, decision 051): whoever reads it reads the shipment. */
const trackingTokenPattern = /(\/tracking\/)[^/?#]+/g;

export const redactRequestUrl = (url: string) =>
  url.replace(secretQueryPattern, '$1[redacted]').replace(trackingTokenPattern, '$1[redacted]');
