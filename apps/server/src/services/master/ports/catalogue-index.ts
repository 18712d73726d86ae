import type { TPortEntry, TPortKind } from '@cargodesk/shared';
import type { Queryable } from '../../../db/client.ts';
import { compareText } from '../reference/compare-text.ts';
import { findCatalogueRows, findCatalogueVersion, type TCatalogueRow } from './repository.ts';

// The global port and airport catalogues held in memory for search: PGlite needs 20–40 ms to scan
// 5,000 rows with ILIKE, a JavaScript scan of prepared strings well under one. The tables stay the
// source of truth: each request reads max(updated_at) (an index lookup) and reloads on a change, so
// an import applied on any instance reaches every instance on its next request.

/** A catalogue or custom entry without the company's favourite flag, prepared for matching. */
export type TIndexedEntry = Omit<TPortEntry, 'isFavourite'> & {
  /** Upper-case codes matched by prefix: the id, the display code and the ICAO code. */
  codes: string[];
  /** Lower-case name, city and country name matched by substring. */
  text: string;
  sortName: string;
  sortCity: string;
  sortCountry: string;
};

export const toIndexedEntry = (
  kind: TPortKind,
  row: TCatalogueRow,
  source: TPortEntry['source'],
): TIndexedEntry => ({
  _id: row.id,
  kind,
  code: row.code,
  iataCode: row.iata_code,
  icaoCode: row.icao_code,
  name: row.name,
  city: row.city,
  countryCode: row.country_code,
  countryName: row.country_name,
  latitude: row.latitude === null ? null : Number(row.latitude),
  longitude: row.longitude === null ? null : Number(row.longitude),
  timezone: row.timezone,
  source,
  retired: Boolean(row.retired),
  codes: [row.id, row.code, row.icao_code ?? ''].filter((code) => code !== ''),
  text: `${row.name}\u0000${row.city}\u0000${row.country_name}`.toLowerCase(),
  sortName: row.name.toLowerCase(),
  sortCity: row.city.toLowerCase(),
  sortCountry: row.country_name.toLowerCase(),
});

export type TCatalogue = {
  entries: TIndexedEntry[];
  byId: Map<string, TIndexedEntry>;
  /** Airports by IATA code too (LHR → EGLL), current entries first. */
  byAltCode: Map<string, TIndexedEntry>;
};

/** One cache per app; `read` returns the catalogue as the database has it now. */
export const createCatalogueIndex = () => {
  const cached = new Map<TPortKind, { version: string; catalogue: TCatalogue }>();
  return {
    read: async (tx: Queryable, kind: TPortKind): Promise<TCatalogue> => {
      const version = await findCatalogueVersion(tx, kind);
      const hit = cached.get(kind);
      if (hit && hit.version === version) return hit.catalogue;
      const entries = (await findCatalogueRows(tx, kind))
        .map((row) => toIndexedEntry(kind, row, 'catalogue'))
        .sort(
          (left, right) => compareText(left.sortName, right.sortName) || compareText(left._id, right._id),
        );
      const byId = new Map(entries.map((entry) => [entry._id, entry]));
      const byAltCode = new Map<string, TIndexedEntry>();
      for (const entry of [...entries].sort((left, right) => Number(left.retired) - Number(right.retired))) {
        if (entry.iataCode && !byAltCode.has(entry.iataCode)) byAltCode.set(entry.iataCode, entry);
      }
      const catalogue = { entries, byId, byAltCode };
      cached.set(kind, { version, catalogue });
      return catalogue;
    },
  };
};
