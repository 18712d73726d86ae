import type { TSsoErrorCode } from '@cargodesk/shared';

// Who a company's identity provider may sign in (docs/decisions/020-single-sign-on.md, DESIGN §12).
// Pure, so every abuse case is a plain table of facts and verdicts (sso-linking.test.ts).

export type TLinkFacts = {
  /** The company whose configuration, and so whose identity provider, this sign-in came through. */
  companyId: string;
  /** The domains the company proved by DNS: the only ones its provider speaks for. */
  domains: string[];
  jitProvisioning: boolean;
  /** The provider's claims, as verified (signature, iss, aud, exp, nonce). */
  email: string | undefined;
  emailVerified: boolean;
  /** The identity account holding the address, if any. */
  account: { uid: string; disabled: boolean } | undefined;
  /** The company user linked to that account, if any. */
  accountUser: { companyId: string; userId: string; status: 'active' | 'invited' | 'suspended' } | undefined;
};

export type TLinkDecision =
  | { kind: 'refuse'; code: TSsoErrorCode }
  /** An account holds the address but the provider did not vouch for it: the SDK's needConfirmation. */
  | { kind: 'needConfirmation'; uid: string }
  | { kind: 'signIn'; uid: string; userId: string }
  /** Just-in-time: a Member of the company, on the existing account or a new one. */
  | { kind: 'provision'; uid: string | undefined };

export const emailDomainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

export const decideLink = (facts: TLinkFacts): TLinkDecision => {
  const { email, account, accountUser } = facts;
  if (!email) return { kind: 'refuse', code: 'failed' };
  // A company's provider speaks only for its own domains: never for anyone else's address.
  if (!facts.domains.includes(emailDomainOf(email))) return { kind: 'refuse', code: 'outside-domains' };
  // A member of another company is never signed in by this one's provider, verified or not.
  if (accountUser && accountUser.companyId !== facts.companyId)
    return { kind: 'refuse', code: 'other-company' };
  if (!facts.emailVerified) {
    return account
      ? { kind: 'needConfirmation', uid: account.uid }
      : { kind: 'refuse', code: 'unverified-email' };
  }
  if (account?.disabled) return { kind: 'refuse', code: 'suspended' };
  if (account && accountUser) {
    if (accountUser.status === 'suspended') return { kind: 'refuse', code: 'suspended' };
    return { kind: 'signIn', uid: account.uid, userId: accountUser.userId };
  }
  // No company user yet: joining the company is provisioning, which the company must have allowed.
  if (!facts.jitProvisioning) return { kind: 'refuse', code: 'not-provisioned' };
  // An existing account of no company may be anyone's, password and all, and a provider vouches for
  // its own company only (docs/decisions/032), even on a proven domain: it creates new accounts but
  // never takes over one. That account's holder joins by invitation, whose mailed link proves the mailbox.
  if (account) return { kind: 'refuse', code: 'not-provisioned' };
  return { kind: 'provision', uid: undefined };
};
