import type { TChange, TChangeFeed } from './change-feed.ts';

/**
 * What a company's requests read again and again (a list's total, its own ports), kept in memory
 * between requests (docs/decisions/008-list-totals.md). The value only changes when a table
 * changes: a trigger then announces the company on the change feed, and its entries here are
 * dropped on every instance. While the feed is not live nothing is served from memory.
 */
export type TCompanyCache<T> = {
  /**
   * The kept value of this company under `key`, if any, and `keep` to store one just read. Call it
   * before the transaction that reads: a change that commits after this call makes `keep` store
   * nothing, so a value that may have missed it is never kept.
   */
  lookup: (companyId: string, key: string) => { value: T | undefined; keep: (value: T) => void };
};

export const createCompanyCache = <T>(
  feed: Pick<TChangeFeed, 'subscribe' | 'isLive'>,
  {
    changeKind,
    maxEntries = 10_000,
  }: { changeKind: Extract<TChange, { companyId: string }>['kind']; maxEntries?: number },
): TCompanyCache<T> => {
  const byCompany = new Map<string, Map<string, { stamp: string; value: T }>>();
  const generations = new Map<string, number>();
  let epoch = 0;
  let size = 0;

  const stamp = (companyId: string) => `${epoch}:${generations.get(companyId) ?? 0}`;
  const clear = () => {
    byCompany.clear();
    size = 0;
  };

  feed.subscribe((change) => {
    if (change.kind === 'everything') {
      epoch += 1;
      clear();
    } else if (change.kind === changeKind) {
      generations.set(change.companyId, (generations.get(change.companyId) ?? 0) + 1);
      size -= byCompany.get(change.companyId)?.size ?? 0;
      byCompany.delete(change.companyId);
    }
  });

  return {
    lookup: (companyId, key) => {
      const read = stamp(companyId);
      const hit = feed.isLive() ? byCompany.get(companyId)?.get(key) : undefined;
      return {
        value: hit?.stamp === read ? hit.value : undefined,
        keep: (value) => {
          if (!feed.isLive() || stamp(companyId) !== read) return;
          // A backstop against unbounded filters: start afresh rather than track ages.
          if (size >= maxEntries && !byCompany.get(companyId)?.has(key)) clear();
          const values = byCompany.get(companyId) ?? new Map<string, { stamp: string; value: T }>();
          byCompany.set(companyId, values);
          if (!values.has(key)) size += 1;
          values.set(key, { stamp: read, value });
        },
      };
    },
  };
};
