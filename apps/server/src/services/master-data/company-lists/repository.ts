import type {
  TBusinessTypeInput,
  TBusinessTypeUpdate,
  TReceivingLocationInput,
  TReceivingLocationUpdate,
} from '@cargodesk/shared';
import { and, asc, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../../db/client.ts';
import { containsPattern } from '../../../db/like-pattern.ts';
import { pageOffset, type TPage } from '../../../db/paging.ts';
import { businessTypes, receivingLocations } from '../../../db/schema/index.ts';

// Queries of the company lists: business types and receiving locations. Every one names the
// company, besides row-level security.

export type TBusinessTypeRow = typeof businessTypes.$inferSelect;
export type TReceivingLocationRow = typeof receivingLocations.$inferSelect;

/** A page of a company list: searched, filtered by active, sorted by one of the list's columns. */
export type TListFilter<TSortField extends string> = TPage & {
  companyId: string;
  q?: string | undefined;
  isActive?: boolean | undefined;
  sort: TSortField;
  isDescending: boolean;
};

/** What the company-lists service needs of a list's table. */
export type TCompanyListStore<TRow, TInput, TUpdate, TSortField extends string> = {
  /** The columns the list sorts by (the service reads `sort` against these names). */
  sortable: Record<TSortField, AnyPgColumn>;
  /** The order when the query names none. */
  defaultSort: TSortField;
  findPage: (db: Queryable, filter: TListFilter<TSortField>) => Promise<{ rows: TRow[]; total: number }>;
  find: (db: Queryable, companyId: string, id: string) => Promise<TRow | undefined>;
  insert: (db: Queryable, companyId: string, id: string, input: TInput) => Promise<unknown>;
  update: (db: Queryable, companyId: string, id: string, changes: TUpdate) => Promise<unknown>;
  remove: (db: Queryable, companyId: string, id: string) => Promise<unknown>;
};

/** The total first, then the page: a transaction's queries share one connection. */
const pageOf = async <TRow>(
  countAll: () => Promise<{ total: number }[]>,
  readPage: () => Promise<TRow[]>,
) => {
  const [counted] = await countAll();
  return { rows: await readPage(), total: counted?.total ?? 0 };
};

const ordered = (column: AnyPgColumn, isDescending: boolean) => (isDescending ? desc(column) : asc(column));

const businessTypeSorts = { name: businessTypes.name, createdAt: businessTypes.createdAt };
const byBusinessType = (companyId: string, id: string) =>
  and(eq(businessTypes.companyId, companyId), eq(businessTypes.id, id));

export const businessTypesStore: TCompanyListStore<
  TBusinessTypeRow,
  TBusinessTypeInput,
  TBusinessTypeUpdate,
  keyof typeof businessTypeSorts
> = {
  sortable: businessTypeSorts,
  defaultSort: 'name',
  findPage: (db, { companyId, q, isActive, sort, isDescending, ...page }) => {
    const pattern = q ? containsPattern(q) : undefined;
    const where = and(
      eq(businessTypes.companyId, companyId),
      pattern ? or(ilike(businessTypes.name, pattern), ilike(businessTypes.description, pattern)) : undefined,
      isActive === undefined ? undefined : eq(businessTypes.isActive, isActive),
    );
    // The id keeps pages stable between equal values.
    return pageOf(
      () => db.select({ total: count() }).from(businessTypes).where(where),
      () =>
        db
          .select()
          .from(businessTypes)
          .where(where)
          .orderBy(ordered(businessTypeSorts[sort], isDescending), asc(businessTypes.id))
          .limit(page.pageSize)
          .offset(pageOffset(page)),
    );
  },
  find: async (db, companyId, id) => {
    const [row] = await db.select().from(businessTypes).where(byBusinessType(companyId, id));
    return row;
  },
  insert: (db, companyId, id, input) => db.insert(businessTypes).values({ ...input, companyId, id }),
  update: (db, companyId, id, changes) =>
    db
      .update(businessTypes)
      .set({ ...changes, updatedAt: new Date() })
      .where(byBusinessType(companyId, id)),
  remove: (db, companyId, id) => db.delete(businessTypes).where(byBusinessType(companyId, id)),
};

const receivingLocationSorts = {
  name: receivingLocations.name,
  code: receivingLocations.code,
  city: receivingLocations.city,
};
const byReceivingLocation = (companyId: string, id: string) =>
  and(eq(receivingLocations.companyId, companyId), eq(receivingLocations.id, id));

export const receivingLocationsStore: TCompanyListStore<
  TReceivingLocationRow,
  TReceivingLocationInput,
  TReceivingLocationUpdate,
  keyof typeof receivingLocationSorts
> = {
  sortable: receivingLocationSorts,
  defaultSort: 'name',
  findPage: (db, { companyId, q, isActive, sort, isDescending, ...page }) => {
    const pattern = q ? containsPattern(q) : undefined;
    const where = and(
      eq(receivingLocations.companyId, companyId),
      pattern
        ? or(
            ilike(receivingLocations.name, pattern),
            ilike(receivingLocations.code, pattern),
            ilike(receivingLocations.city, pattern),
          )
        : undefined,
      isActive === undefined ? undefined : eq(receivingLocations.isActive, isActive),
    );
    return pageOf(
      () => db.select({ total: count() }).from(receivingLocations).where(where),
      () =>
        db
          .select()
          .from(receivingLocations)
          .where(where)
          .orderBy(ordered(receivingLocationSorts[sort], isDescending), asc(receivingLocations.id))
          .limit(page.pageSize)
          .offset(pageOffset(page)),
    );
  },
  find: async (db, companyId, id) => {
    const [row] = await db.select().from(receivingLocations).where(byReceivingLocation(companyId, id));
    return row;
  },
  insert: (db, companyId, id, input) => db.insert(receivingLocations).values({ ...input, companyId, id }),
  update: (db, companyId, id, changes) =>
    db
      .update(receivingLocations)
      .set({ ...changes, updatedAt: new Date() })
      .where(byReceivingLocation(companyId, id)),
  remove: (db, companyId, id) => db.delete(receivingLocations).where(byReceivingLocation(companyId, id)),
};
