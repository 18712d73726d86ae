import { z } from 'zod';
import { constants } from './messages.ts';

// Paginated lists (docs/architecture.md): `{ data: [...], meta: { total, page, pageSize } }`.

export const maxPageSize = constants.listMaxPageSize;

/**
 * Lists that can grow without bound (the audit trail) count their rows exactly up to this many and
 * stop there: counting a million rows on every page costs more than the page itself.
 */
export const listCountCap = 10_000;

export const ZListMeta = z.object({
  /** How many rows match; when `totalIsCapped` is true, at least this many (the server stopped counting). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Present, and true, when more than `listCountCap` rows match: show the total as "10,000+". */
  totalIsCapped: z.literal(true).optional(),
});
export type TListMeta = z.infer<typeof ZListMeta>;

/** Query string of a list: 1-based page, page size up to 100, free-text search, `field` or `-field` sort. */
export const ZPageQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(20),
    q: z.string().trim().max(200).optional(),
    sort: z
      .string()
      .regex(/^-?[A-Za-z_]+$/, 'must be a field name, with a leading - for descending order')
      .optional(),
  })
  .strict();
export type TPageQuery = z.infer<typeof ZPageQuery>;
