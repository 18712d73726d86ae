import { describe, expect, it } from 'vitest';
import {
  createApiTokenText,
  hashApiTokenSecret,
  isSameSecretHash,
  parseApiToken,
} from './api-token-format.ts';

const companyId = '01970000-0000-7000-8000-00000000c0de';
const tokenId = '01970000-0000-7000-8000-0000000070ce';

describe('the personal API token text', () => {
  it('names its company and row, and stores only the hash of a fresh 256-bit secret', () => {
    const first = createApiTokenText({ companyId, tokenId });
    const second = createApiTokenText({ companyId, tokenId });
    expect(first.token).not.toBe(second.token);
    expect(first.token).toMatch(/^cdk_pat_[0-9a-f]{64}_[A-Za-z0-9_-]{43}$/);
    const secret = first.token.slice(-43);
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    expect(first.secretHash).toBe(hashApiTokenSecret(secret));
    expect(first.token).not.toContain(first.secretHash);
    expect(parseApiToken(first.token)).toEqual({ companyId, tokenId, secretHash: first.secretHash });
  });

  it('refuses text of any other shape', () => {
    const { token } = createApiTokenText({ companyId, tokenId });
    for (const text of [
      '',
      'cdk_pat_',
      token.slice(0, -1),
      `${token}A`,
      token.toUpperCase(),
      token.replace('cdk_pat_', 'cdk_pak_'),
      ` ${token}`,
      token.replace('_', '.'),
    ]) {
      expect(parseApiToken(text), text).toBeUndefined();
    }
  });

  it('compares hashes of any length without throwing', () => {
    expect(isSameSecretHash('abc', 'abc')).toBe(true);
    expect(isSameSecretHash('abc', 'abd')).toBe(false);
    expect(isSameSecretHash('abc', 'abcd')).toBe(false);
  });
});
