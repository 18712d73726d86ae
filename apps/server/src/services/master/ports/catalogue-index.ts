import type { TPortEntry, TPortKind } from '@cargodesk/shared';
import type { Queryable } from '../../../db/client.ts';
import type { TChangeFeed } from '../../../platform/change-feed.ts';
import { compareText } from '../reference/compare-text.ts';
import { findCatalogueRows, findCatalogueVersion, type TCatalogueRow } from './repository.ts';

// The global port and airport catalogues held in memory for search: PGlite needs 20–40 ms to scan
// 5,000 rows with ILIKE, a JavaScript scan of prepared strings well under one. The tables stay the
// source of truth: a trigger announces every change to them (docs/decisions/007-request-pipeline.md)
// and the index is read again on the next search, on every instance. While the change feed is not
// live, each search reads max(updated_at) (an index lookup) and reloads on a change, as before.

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

const kindOfTable: Record<string, TPortKind> = { sea_ports: 'oceanport', airports: 'airport' };

/** One cache per app; `read` returns the catalogue as the database has it now. */
export const createCatalogueIndex = (changes: Pick<TChangeFeed, 'subscribe' | 'isLive'>) => {
  const cached = new Map<TPortKind, { version: string; generation: number; catalogue: TCatalogue }>();
  const generations: Record<TPortKind, number> = { oceanport: 0, airport: 0 };
  changes.subscribe((change) => {
    if (change.kind !== 'catalogue' && change.kind !== 'everything') return;
    const kinds =
      change.kind === 'everything' ? (['oceanport', 'airport'] as const) : [kindOfTable[change.table]];
    for (const kind of kinds) {
      if (!kind) continue;
      generations[kind] += 1;
      cached.delete(kind);
    }
  });
  return {
    read: async (tx: Queryable, kind: TPortKind): Promise<TCatalogue> => {
      const generation = generations[kind];
      const hit = cached.get(kind);
      if (hit && hit.generation === generation && changes.isLive()) return hit.catalogue;
      const version = await findCatalogueVersion(tx, kind);
      if (hit && hit.version === version) {
        if (generations[kind] === generation) hit.generation = generation;
        return hit.catalogue;
      }
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
      // Kept only if no change was announced while it was read: the next search reads it again.
      if (generations[kind] === generation) cached.set(kind, { version, generation, catalogue });
      return catalogue;
    },
  };
};
