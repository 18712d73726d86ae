// The part of oidc-provider (which ships no types) that oidc-test-provider.ts uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type TAccount = { accountId: string; claims: () => Promise<{ sub: string }> };

  export default class Provider {
    constructor(
      issuer: string,
      configuration: {
        clients: Record<string, unknown>[];
        claims?: Record<string, string[]>;
        conformIdTokenClaims?: boolean;
        cookies?: { keys: string[] };
        findAccount: (context: unknown, accountId: string) => Promise<TAccount | undefined>;
      },
    );
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
