import { randomBytes } from 'node:crypto';
import { Resolver } from 'node:dns/promises';

// A company proves it holds an e-mail domain before its identity provider may speak for addresses
// in it (docs/decisions/032-single-sign-on-domain-proof.md): it publishes a TXT record that only
// someone who runs the domain's DNS can publish, as the identity products our users know ask.

/** The record's name under the domain: a label of its own keeps the domain's apex records alone. */
export const proofRecordNameOf = (domain: string) => `_cargodesk-sso.${domain}`;

export const proofRecordValueOf = (token: string) => `cargodesk-domain-verification=${token}`;

/** 128 random bits: nobody can publish the value before the company has been shown it. */
export const createProofToken = () => randomBytes(16).toString('base64url');

/** Look-ups are bounded: a slow name server must not hold the admin's request for long. */
const lookupTimeoutMs = 3000;

export type TDomainProver = {
  /** Whether the domain's proof record holds this value (proofRecordValueOf) now. */
  hasProof: (domain: string, recordValue: string) => Promise<boolean>;
};

/** `servers` as SSO_DNS_SERVERS gives them (`host` or `host:port`); empty, the system's resolvers. */
export const createDomainProver = ({ servers }: { servers: string[] }): TDomainProver => {
  const resolver = new Resolver({ timeout: lookupTimeoutMs, tries: 2 });
  if (servers.length > 0) resolver.setServers(servers);
  return {
    hasProof: async (domain, recordValue) => {
      let records: string[][];
      try {
        records = await resolver.resolveTxt(proofRecordNameOf(domain));
      } catch {
        // No such name, no TXT record, a refusal or a time-out: in every case, no proof.
        return false;
      }
      // A TXT record may come in several strings of at most 255 bytes: they are one value.
      return records.some((parts) => parts.join('').trim() === recordValue);
    },
  };
};
