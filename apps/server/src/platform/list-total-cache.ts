import type { TChange, TChangeFeed } from './change-feed.ts';

/**
 * Company lists' totals, kept in memory between requests (docs/decisions/008-list-totals.md).
 * Counting the rows behind a page can cost far more than the page itself, and the total only moves
 * when the table changes: a trigger then announces the company on the change feed, and its totals
 * here are dropped on every instance. While the feed is not live nothing is served from memory.
 */
export type TListTotalCache = {
  /**
   * The kept total of this company's list under `filterKey`, if any, and `keep` to store one just
   * counted. Call it before the transaction that counts: a change that commits after this call
   * makes `keep` store nothing, so a count that may have missed it is never kept.
   */
  lookup: (
    companyId: string,
    filterKey: string,
  ) => { total: number | undefined; keep: (total: number) => void };
};

export const createListTotalCache = (
  feed: Pick<TChangeFeed, 'subscribe' | 'isLive'>,
  {
    changeKind,
    maxEntries = 10_000,
  }: { changeKind: Extract<TChange, { companyId: string }>['kind']; maxEntries?: number },
): TListTotalCache => {
  const byCompany = new Map<string, Map<string, { stamp: string; total: number }>>();
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
    lookup: (companyId, filterKey) => {
      const counted = stamp(companyId);
      const hit = feed.isLive() ? byCompany.get(companyId)?.get(filterKey) : undefined;
      return {
        total: hit?.stamp === counted ? hit.total : undefined,
        keep: (total) => {
          if (!feed.isLive() || stamp(companyId) !== counted) return;
          // A backstop against unbounded filters: start afresh rather than track ages.
          if (size >= maxEntries && !byCompany.get(companyId)?.has(filterKey)) clear();
          const totals = byCompany.get(companyId) ?? new Map<string, { stamp: string; total: number }>();
          byCompany.set(companyId, totals);
          if (!totals.has(filterKey)) size += 1;
          totals.set(filterKey, { stamp: counted, total });
        },
      };
    },
  };
};
