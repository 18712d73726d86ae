import type { TPortEntry, TPortKind } from '@cargodesk/shared';
import type { Queryable } from '../../../db/client.ts';
import type { TChangeFeed } from '../../../platform/events/change-feed.ts';
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

/** What a search asks of the text and codes: the query in lower and in upper case. */
export type TCatalogueQuery = { lower: string; upper: string };

/** Whether an entry matches a non-empty query: a code starts with it, the text holds it, or it is the country. */
export const matchesQuery = (entry: TIndexedEntry, { lower, upper }: TCatalogueQuery) =>
  entry.codes.some((code) => code.startsWith(upper)) ||
  entry.text.includes(lower) ||
  entry.countryCode === upper;

const separator = '\u0001';

/** The last slot whose start is at or before `position`. */
const slotAt = (starts: Int32Array, position: number) => {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] ?? 0) <= position) low = middle;
    else high = middle - 1;
  }
  return low;
};

/** Every distinct three-letter run of a text. */
const trigramsOf = (text: string) => {
  const trigrams = new Set<string>();
  for (let at = 0; at + 3 <= text.length; at += 1) trigrams.add(text.slice(at, at + 3));
  return trigrams;
};

/** Entry indexes present in every list (each ascending), shortest list first. */
const intersect = (lists: Int32Array[]) => {
  const [shortest, ...others] = [...lists].sort((left, right) => left.length - right.length);
  if (!shortest) return [];
  return [...shortest].filter((index) => others.every((list) => binaryHas(list, index)));
};

const binaryHas = (list: Int32Array, value: number) => {
  let low = 0;
  let high = list.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const found = list[middle] ?? 0;
    if (found === value) return true;
    if (found < value) low = middle + 1;
    else high = middle - 1;
  }
  return false;
};

/**
 * Matches a query without visiting every entry: texts through a trigram index (a query of three or
 * more letters narrows to the entries holding all its trigrams, then each is checked), shorter
 * queries through one `indexOf` over all texts; codes by prefix in a sorted list; countries by map.
 * Returns the matching entries in the catalogue's own order, exactly those `matchesQuery` accepts.
 */
export const createCatalogueSearch = (entries: TIndexedEntry[]) => {
  const byCountry = new Map<string, number[]>();
  const postings = new Map<string, number[]>();
  const codes: { code: string; index: number }[] = [];
  const textStarts = new Int32Array(entries.length + 1);
  let textLength = 0;
  entries.forEach((entry, index) => {
    textStarts[index] = textLength;
    textLength += entry.text.length + 1;
    for (const code of entry.codes) codes.push({ code, index });
    const sameCountry = byCountry.get(entry.countryCode);
    if (sameCountry) sameCountry.push(index);
    else byCountry.set(entry.countryCode, [index]);
    for (const trigram of trigramsOf(entry.text)) {
      const list = postings.get(trigram);
      if (list) list.push(index);
      else postings.set(trigram, [index]);
    }
  });
  textStarts[entries.length] = textLength;
  const texts = entries.map((entry) => entry.text).join(separator) + separator;
  const trigramIndex = new Map([...postings].map(([trigram, list]) => [trigram, Int32Array.from(list)]));
  codes.sort((left, right) => (left.code < right.code ? -1 : left.code > right.code ? 1 : 0));

  const textMatches = (lower: string, found: Set<number>) => {
    if (lower.length >= 3) {
      const lists = [...trigramsOf(lower)].map((trigram) => trigramIndex.get(trigram) ?? new Int32Array());
      for (const index of intersect(lists)) {
        if (entries[index]?.text.includes(lower)) found.add(index);
      }
      return;
    }
    for (let at = texts.indexOf(lower); at >= 0; ) {
      const index = slotAt(textStarts, at);
      found.add(index);
      at = texts.indexOf(lower, textStarts[index + 1]);
    }
  };

  const codeMatches = (upper: string, found: Set<number>) => {
    // The first code not below the prefix; those starting with it follow in a run.
    let low = 0;
    let high = codes.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((codes[middle]?.code ?? '') < upper) low = middle + 1;
      else high = middle;
    }
    for (let at = low; at < codes.length && codes[at]?.code.startsWith(upper); at += 1) {
      found.add(codes[at]?.index ?? 0);
    }
  };

  return (query: TCatalogueQuery): TIndexedEntry[] => {
    // A query holding the separator could match across entries: such a query is scanned plainly.
    if (query.lower.includes(separator)) return entries.filter((entry) => matchesQuery(entry, query));
    const found = new Set<number>(byCountry.get(query.upper));
    textMatches(query.lower, found);
    codeMatches(query.upper, found);
    return [...found].sort((left, right) => left - right).map((index) => entries[index] as TIndexedEntry);
  };
};

export type TCatalogue = {
  entries: TIndexedEntry[];
  /** The entries matching a non-empty query, in the catalogue's order. */
  search: (query: TCatalogueQuery) => TIndexedEntry[];
  byId: Map<string, TIndexedEntry>;
  /** Airports by IATA code too (LHR → EGLL), current entries first. */
  byAltCode: Map<string, TIndexedEntry>;
};

const kindOfTable: Record<string, TPortKind> = { sea_ports: 'oceanport', airports: 'airport' };

type TChangeSource = Pick<TChangeFeed, 'subscribe' | 'isLive'>;

/**
 * One cache per app: the ports screens and freight's place look-ups share it, so the catalogues
 * are held and re-indexed once per change feed. `read` returns the catalogue as the database has it now.
 */
export const createCatalogueIndex = (changes: TChangeSource) => {
  const existing = indexesByFeed.get(changes);
  if (existing) return existing;
  const index = buildCatalogueIndex(changes);
  indexesByFeed.set(changes, index);
  return index;
};

const buildCatalogueIndex = (changes: TChangeSource) => {
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
    /** The catalogue from memory, when it is there and no change was announced since: no query at all. */
    cached: (kind: TPortKind): TCatalogue | undefined => {
      const hit = cached.get(kind);
      return hit && hit.generation === generations[kind] && changes.isLive() ? hit.catalogue : undefined;
    },
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
      const catalogue = { entries, byId, byAltCode, search: createCatalogueSearch(entries) };
      // Kept only if no change was announced while it was read: the next search reads it again.
      if (generations[kind] === generation) cached.set(kind, { version, generation, catalogue });
      return catalogue;
    },
  };
};

const indexesByFeed = new WeakMap<TChangeSource, ReturnType<typeof buildCatalogueIndex>>();
