import type { TChange, TChangeFeed } from '../events/change-feed.ts';

// docs/decisions/007-request-pipeline.md: the signed-in caller, resolved from the database once and
// then held in memory per instance, keyed by session. Safe only because every change to what it is
// built from (the session, the user, the company, roles, user roles) is announced by a trigger
// (migration 0024) and drops the company's entries here, on this instance when the change commits
// and on every other instance as the notice arrives. While notices cannot be heard, nothing is cached.
// An API token's caller is kept under a key that holds the hash of the secret presented (migration
// 0042 announces revocations), so only a request with the right secret ever finds it.

/** What the cache needs of a caller: the claims it answers for. */
type TCachedCaller = { sessionId: string; userId: string; companyId: string };

type TEntry<T> = { context: T; loadedAt: number; validUntil: number };

export type TAuthCache<T extends TCachedCaller> = {
  /**
   * The cached caller for these claims, if it is still good at `now`. `sid` is the key: a session id,
   * or an API token's key; `sub` is checked when the claims name a user.
   */
  get: (claims: { sid: string; sub?: string; cid: string }, now: number) => T | undefined;
  /** A token to hand to `set`: a load that saw an older state than the latest notice is not kept. */
  stamp: (companyId: string) => string;
  /** Keeps `context` under its session id, or under `key` (an API token's). */
  set: (context: T, validUntil: number, stamp: string, now: number, key?: string) => void;
  size: () => number;
};

export const createAuthCache = <T extends TCachedCaller>(
  feed: Pick<TChangeFeed, 'subscribe' | 'isLive'>,
  // A backstop only: notices are what keep entries right.
  { maxAgeMs = 60_000, maxEntries = 10_000 }: { maxAgeMs?: number; maxEntries?: number } = {},
): TAuthCache<T> => {
  const entries = new Map<string, TEntry<T>>();
  const generations = new Map<string, number>();
  let epoch = 0;

  const stamp = (companyId: string) => `${epoch}:${generations.get(companyId) ?? 0}`;

  const onChange = (change: TChange) => {
    if (change.kind !== 'access' && change.kind !== 'everything') return;
    if (change.kind === 'everything') {
      epoch += 1;
      entries.clear();
      return;
    }
    generations.set(change.companyId, (generations.get(change.companyId) ?? 0) + 1);
    for (const [sessionId, entry] of entries) {
      if (entry.context.companyId === change.companyId) entries.delete(sessionId);
    }
  };
  feed.subscribe(onChange);

  return {
    get: (claims, now) => {
      if (!feed.isLive()) return undefined;
      const entry = entries.get(claims.sid);
      if (!entry) return undefined;
      const { context } = entry;
      if (
        (claims.sub !== undefined && context.userId !== claims.sub) ||
        context.companyId !== claims.cid ||
        now >= entry.validUntil ||
        now - entry.loadedAt >= maxAgeMs
      ) {
        entries.delete(claims.sid);
        return undefined;
      }
      return context;
    },
    stamp,
    set: (context, validUntil, loadStamp, now, key = context.sessionId) => {
      if (!feed.isLive() || loadStamp !== stamp(context.companyId)) return;
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { context, loadedAt: now, validUntil });
    },
    size: () => entries.size,
  };
};
