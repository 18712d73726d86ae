import { listCountCap, type TListMeta } from '@cargodesk/shared';

/** A list query's page (1-based) and page size. */
export type TPage = { page: number; pageSize: number };

/** How many rows the page skips. */
export const pageOffset = ({ page, pageSize }: TPage) => (page - 1) * pageSize;

/** A list's meta: counts come back from the driver as numbers or numeric strings. */
export const listMeta = (total: number | string | undefined, { page, pageSize }: TPage): TListMeta => ({
  total: Number(total ?? 0),
  page,
  pageSize,
});

/** One page of a list already held in memory (the global catalogues), with its meta. */
export const pageOfItems = <T>(items: T[], page: TPage): { data: T[]; meta: TListMeta } => {
  const offset = pageOffset(page);
  return { data: items.slice(offset, offset + page.pageSize), meta: listMeta(items.length, page) };
};

/**
 * A count that stops at `listCountCap` + 1 rows (docs/architecture.md, list kit): exact up to the
 * cap, and beyond it `{ total: listCountCap, totalIsCapped: true }`, so a page of a huge list never
 * pays for counting all of it.
 */
export const cappedTotal = (
  counted: number | string | undefined,
  cap: number = listCountCap,
): Pick<TListMeta, 'total' | 'totalIsCapped'> => {
  const total = Number(counted ?? 0);
  return total > cap ? { total: cap, totalIsCapped: true } : { total };
};

/**
 * A cap that moves with the page: counting stops this many rows past the page shown, so the pager
 * always offers the next pages, and a deeper page counts further ("6,000+" on page 200).
 */
export const slidingCountCap = (page: TPage, beyond = 1_000) => pageOffset(page) + page.pageSize + beyond;
