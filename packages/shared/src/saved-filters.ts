import { z } from 'zod';

// Saved filters of the list screens (docs/decisions/045-saved-filters.md): a list's search, filters
// and sort under a name, the user's own or shared with the company. Each list checks the query with
// its own schema; the store and the screen's component are the same for every list.

export const savedFilterLists = ['contacts', 'shipments'] as const;
export type TSavedFilterList = (typeof savedFilterLists)[number];

export const savedFilterRules = { nameMaxLength: 60, perUserMax: 50 } as const;

export const ZSavedFilterName = z
  .string()
  .trim()
  .max(savedFilterRules.nameMaxLength, {
    error: `must be at most ${savedFilterRules.nameMaxLength} characters`,
  })
  .min(1, { error: 'is required' });

/** What a list's save takes: a name, the list's query (checked by `query`), and whether it is shared. */
export const savedFilterInputOf = <TQuery extends z.ZodType<Record<string, unknown>>>(query: TQuery) =>
  z
    .object({
      name: ZSavedFilterName,
      query,
      /** Shared filters show for everyone in the company; sharing needs the list's write permission. */
      isShared: z.boolean().default(false),
    })
    .strict();
export type TSavedFilterInput = { name: string; query: Record<string, string>; isShared?: boolean };

export const ZSavedFilter = z.object({
  _id: z.string(),
  name: z.string(),
  query: z.record(z.string(), z.string()),
  isShared: z.boolean(),
  /** The caller saved it, and may delete it. */
  isMine: z.boolean(),
  ownerName: z.string().nullable(),
});
export type TSavedFilter = z.infer<typeof ZSavedFilter>;
