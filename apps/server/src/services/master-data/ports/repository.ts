import type { TPortKind } from '@cargodesk/shared';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { compiledStatement } from '../../../db/compiled-statement.ts';
import { executeRows } from '../../../db/driver.ts';
import {
  airports,
  catalogueImports,
  companyPortFavourites,
  companyPorts,
  seaPorts,
} from '../../../db/schema/index.ts';

// Queries of the global port and airport catalogues, each company's own entries and favourites, and
// the catalogue imports. Company rows always name the company, besides row-level security.

export type TCustomPortRow = typeof companyPorts.$inferSelect;
export type TCatalogueImportRow = typeof catalogueImports.$inferSelect;
export type TSeaPortRow = typeof seaPorts.$inferSelect;

/** A catalogue row as the search index prepares it: the same columns for ports and airports. */
export type TCatalogueRow = {
  id: string;
  code: string;
  iata_code: string | null;
  icao_code: string | null;
  name: string;
  city: string;
  country_code: string;
  country_name: string;
  latitude: number | null;
  longitude: number | null;
  timezone: string | null;
  retired: boolean;
};

const catalogueTables = { oceanport: seaPorts, airport: airports } as const;

const catalogueRows: Record<TPortKind, SQL> = {
  oceanport: sql`
    select code as id, code, null::text as iata_code, null::text as icao_code, name, city, country_code,
      country_name, latitude, longitude, timezone, retired_at is not null as retired
    from sea_ports`,
  airport: sql`
    select ident as id, coalesce(iata_code, ident) as code, iata_code, icao_code, name, city, country_code,
      country_name, latitude, longitude, timezone, retired_at is not null as retired
    from airports`,
};

/**
 * The catalogue's version: its latest updated_at (an index lookup). Imports never delete rows (they
 * retire them) and stamp what they touch, so any change moves it.
 */
export const findCatalogueVersion = async (db: Queryable, kind: TPortKind) => {
  const table = catalogueTables[kind];
  const [row] = await db
    .select({ version: sql<string>`coalesce(max(${table.updatedAt}), 'epoch')::text` })
    .from(table);
  return row?.version ?? '';
};

/** Every catalogue row, as the search index reads them. */
export const findCatalogueRows = async (db: Queryable, kind: TPortKind) =>
  executeRows<TCatalogueRow>(db, catalogueRows[kind]);

/** Whether a catalogue entry already has `code` (an airport by ident, IATA or ICAO code). */
export const isCatalogueCodeTaken = async (db: Queryable, kind: TPortKind, code: string) => {
  const taken =
    kind === 'oceanport'
      ? await db.select({ code: seaPorts.code }).from(seaPorts).where(eq(seaPorts.code, code)).limit(1)
      : await db
          .select({ code: airports.ident })
          .from(airports)
          .where(
            sql`${airports.ident} = ${code} or ${airports.iataCode} = ${code} or ${airports.icaoCode} = ${code}`,
          )
          .limit(1);
  return taken.length > 0;
};

const customOf = (companyId: string, kind: TPortKind) =>
  and(eq(companyPorts.companyId, companyId), eq(companyPorts.kind, kind));

export const findCustomPorts = (db: Queryable, companyId: string, kind: TPortKind) =>
  db.select().from(companyPorts).where(customOf(companyId, kind));

/** One of the company's own entries by code: the shipment screen looks up each of its places (compiled once, decision 027). */
const customPortByCode = compiledStatement<null, TCustomPortRow>(
  (compilingDb) =>
    compilingDb
      .select()
      .from(companyPorts)
      .where(
        and(
          eq(companyPorts.companyId, sql.placeholder('companyId')),
          eq(companyPorts.kind, sql.placeholder('kind')),
          eq(companyPorts.code, sql.placeholder('code')),
        ),
      ),
  { planOf: () => 'once' },
);

export const findCustomPort = async (db: Queryable, companyId: string, kind: TPortKind, code: string) => {
  const [row] = await customPortByCode(db, null, { companyId, kind, code });
  return row;
};

export const insertCustomPort = (db: Queryable, values: typeof companyPorts.$inferInsert) =>
  db.insert(companyPorts).values(values);

export const updateCustomPort = (
  db: Queryable,
  companyId: string,
  id: string,
  changes: Partial<
    Pick<TCustomPortRow, 'name' | 'city' | 'countryCode' | 'countryName' | 'latitude' | 'longitude'>
  >,
) =>
  db
    .update(companyPorts)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(companyPorts.companyId, companyId), eq(companyPorts.id, id)));

export const deleteCustomPort = (db: Queryable, companyId: string, id: string) =>
  db.delete(companyPorts).where(and(eq(companyPorts.companyId, companyId), eq(companyPorts.id, id)));

const favouritesOf = (companyId: string, kind: TPortKind) =>
  and(eq(companyPortFavourites.companyId, companyId), eq(companyPortFavourites.kind, kind));

/** The codes the company marked as favourites, all of a kind or only `code`. */
export const findFavouriteCodes = async (db: Queryable, companyId: string, kind: TPortKind, code?: string) =>
  (
    await db
      .select({ code: companyPortFavourites.code })
      .from(companyPortFavourites)
      .where(and(favouritesOf(companyId, kind), code ? eq(companyPortFavourites.code, code) : undefined))
  ).map((row) => row.code);

export const insertFavourite = (db: Queryable, companyId: string, kind: TPortKind, code: string) =>
  db.insert(companyPortFavourites).values({ companyId, kind, code }).onConflictDoNothing();

export const deleteFavourite = (db: Queryable, companyId: string, kind: TPortKind, code: string) =>
  db
    .delete(companyPortFavourites)
    .where(and(favouritesOf(companyId, kind), eq(companyPortFavourites.code, code)));

/** The sea-port catalogue as an import compares it. */
export const findSeaPorts = (db: Queryable) => db.select().from(seaPorts);

export const insertSeaPort = (db: Queryable, values: typeof seaPorts.$inferInsert) =>
  db.insert(seaPorts).values(values);

export const updateSeaPort = (db: Queryable, code: string, changes: Partial<typeof seaPorts.$inferInsert>) =>
  db.update(seaPorts).set(changes).where(sql`${seaPorts.code} = ${code}`);

export const retireSeaPorts = (db: Queryable, codes: string[], at: Date) =>
  db.update(seaPorts).set({ retiredAt: at, updatedAt: at }).where(inArray(seaPorts.code, codes));

const byImport = (companyId: string, id: string) =>
  and(eq(catalogueImports.companyId, companyId), eq(catalogueImports.id, id));

export const insertCatalogueImport = async (db: Queryable, values: typeof catalogueImports.$inferInsert) => {
  const [row] = await db.insert(catalogueImports).values(values).returning();
  return row;
};

export const findCatalogueImport = async (db: Queryable, companyId: string, id: string) => {
  const [row] = await db.select().from(catalogueImports).where(byImport(companyId, id));
  return row;
};

/** Marks a pending import applied; false when it was already decided (a race lost). */
export const markImportApplied = async (db: Queryable, companyId: string, id: string) =>
  (
    await db
      .update(catalogueImports)
      .set({ status: 'applied', decidedAt: new Date() })
      .where(and(byImport(companyId, id), eq(catalogueImports.status, 'pending')))
      .returning({ id: catalogueImports.id })
  ).length > 0;

export const markImportDiscarded = async (db: Queryable, companyId: string, id: string) => {
  const [row] = await db
    .update(catalogueImports)
    .set({ status: 'discarded', decidedAt: new Date() })
    .where(byImport(companyId, id))
    .returning();
  return row;
};
