import { describe, expect, it } from 'vitest';
import { decideLink, type TLinkFacts } from './sso-linking.ts';

// The linking rules as a table (docs/decisions/020-single-sign-on.md): each abuse case is a row.

const base: TLinkFacts = {
  companyId: 'acme',
  domains: ['acme.test'],
  jitProvisioning: false,
  email: 'ada@acme.test',
  emailVerified: true,
  account: { uid: 'uid-ada', disabled: false },
  accountUser: { companyId: 'acme', userId: 'user-ada', status: 'active' },
};

describe('decideLink', () => {
  it.each<[string, Partial<TLinkFacts>, ReturnType<typeof decideLink>]>([
    ['a verified member of the company', {}, { kind: 'signIn', uid: 'uid-ada', userId: 'user-ada' }],
    [
      'an invited member (the provider proves the address)',
      { accountUser: { companyId: 'acme', userId: 'user-ada', status: 'invited' } },
      { kind: 'signIn', uid: 'uid-ada', userId: 'user-ada' },
    ],
    ['no e-mail claim', { email: undefined }, { kind: 'refuse', code: 'failed' }],
    [
      'an address outside the domains',
      { email: 'ada@other.test' },
      { kind: 'refuse', code: 'outside-domains' },
    ],
    ['a look-alike domain', { email: 'ada@evil-acme.test' }, { kind: 'refuse', code: 'outside-domains' }],
    [
      'a member of another company, verified',
      { accountUser: { companyId: 'other', userId: 'user-x', status: 'active' } },
      { kind: 'refuse', code: 'other-company' },
    ],
    [
      'a member of another company, unverified',
      { emailVerified: false, accountUser: { companyId: 'other', userId: 'user-x', status: 'active' } },
      { kind: 'refuse', code: 'other-company' },
    ],
    [
      'an unverified address of an account',
      { emailVerified: false },
      { kind: 'needConfirmation', uid: 'uid-ada' },
    ],
    [
      'an unverified address without an account, even with provisioning',
      { emailVerified: false, account: undefined, accountUser: undefined, jitProvisioning: true },
      { kind: 'refuse', code: 'unverified-email' },
    ],
    [
      'a disabled account',
      { account: { uid: 'uid-ada', disabled: true } },
      { kind: 'refuse', code: 'suspended' },
    ],
    [
      'a suspended member',
      { accountUser: { companyId: 'acme', userId: 'user-ada', status: 'suspended' } },
      { kind: 'refuse', code: 'suspended' },
    ],
    [
      'a new person without provisioning',
      { account: undefined, accountUser: undefined },
      { kind: 'refuse', code: 'not-provisioned' },
    ],
    [
      'a new person with provisioning',
      { account: undefined, accountUser: undefined, jitProvisioning: true },
      { kind: 'provision', uid: undefined },
    ],
    [
      'an account of no company with provisioning: never taken over, it joins by invitation',
      { accountUser: undefined, jitProvisioning: true },
      { kind: 'refuse', code: 'not-provisioned' },
    ],
    [
      'an account of no company without provisioning',
      { accountUser: undefined },
      { kind: 'refuse', code: 'not-provisioned' },
    ],
  ])('%s', (_name, facts, decision) => {
    expect(decideLink({ ...base, ...facts })).toEqual(decision);
  });
});
