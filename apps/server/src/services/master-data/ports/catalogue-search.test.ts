import { describe, expect, it } from 'vitest';
import { readCatalogueSeed } from '../../../db/seed/catalogues.ts';
import { createCatalogueSearch, matchesQuery, type TIndexedEntry } from './catalogue-index.ts';

// The index's search must find exactly what a plain scan finds, in the catalogue's order.

const entry = (id: string, name: string, city: string, country: string, codes: string[]): TIndexedEntry =>
  ({
    _id: id,
    codes,
    countryCode: country,
    text: `${name}\u0000${city}\u0000${country.toLowerCase()}land`.toLowerCase(),
  }) as TIndexedEntry;

const entries = [
  entry('GBLON', 'London', 'London', 'GB', ['GBLON', 'LON']),
  entry('EGLL', 'London Heathrow', 'London', 'GB', ['EGLL', 'LHR', 'EGLL']),
  entry('NLRTM', 'Rotterdam', 'Rotterdam', 'NL', ['NLRTM', 'RTM']),
  entry('CALON', 'London', 'Ontario', 'CA', ['CALON']),
  entry('DEHAM', 'Hamburg', 'Hamburg', 'DE', ['DEHAM', 'HAM']),
  entry('USNYC', 'New York', 'New York', 'US', ['USNYC', 'NYC']),
  entry('GBSOU', 'Southampton', 'Southampton', 'GB', ['GBSOU', 'SOU']),
  entry('NLAMS', 'Amsterdam', 'Amsterdam', 'NL', ['NLAMS', 'AMS']),
];

const queries = [
  'lon',
  'LONDON',
  'london ',
  'rotter',
  'dam',
  'ham',
  'gb',
  'nl',
  'eg',
  'lhr',
  'EGLL',
  'a',
  'n',
  'zzz',
  'on\u0000ont',
  'york',
  'w y',
  'land',
  '\u0001',
  'x\u0001y',
  'sou',
  'us',
  'o',
];

describe('the catalogue search', () => {
  const search = createCatalogueSearch(entries);
  it.each(queries)('finds for %j exactly what a scan finds, in order', (query) => {
    const text = { lower: query.toLowerCase(), upper: query.toUpperCase() };
    const scanned = entries.filter((candidate) => matchesQuery(candidate, text)).map(({ _id }) => _id);
    expect(search(text).map(({ _id }) => _id)).toEqual(scanned);
  });

  it('finds each entry once, however many of its codes and words match', () => {
    const found = search({ lower: 'egll', upper: 'EGLL' });
    expect(found.map(({ _id }) => _id)).toEqual(['EGLL']);
  });
});

describe('the catalogue search on the seeded airports', () => {
  type TSeedAirport = {
    ident: string;
    iataCode: string | null;
    icaoCode: string | null;
    name: string;
    city: string;
    countryCode: string;
  };
  const seeded = readCatalogueSeed<TSeedAirport>('airports.json').map((airport) =>
    entry(
      airport.ident,
      airport.name,
      airport.city,
      airport.countryCode,
      [airport.ident, airport.iataCode, airport.icaoCode].filter((code): code is string => Boolean(code)),
    ),
  );
  const search = createCatalogueSearch(seeded);
  // Pieces of real names and codes, one to six letters long, from entries across the catalogue.
  const pieces = seeded
    .filter((_, index) => index % 97 === 0)
    .flatMap((airport, index) => {
      const from = index % Math.max(1, airport.text.length - 6);
      return [1, 2, 3, 4, 6]
        .map((length) => airport.text.slice(from, from + length))
        .concat(airport.codes[0]?.slice(0, 3) ?? '');
    })
    .filter((piece) => piece.trim() !== '');

  it('finds exactly what a scan finds for every piece', () => {
    expect(pieces.length).toBeGreaterThan(100);
    for (const piece of pieces) {
      const text = { lower: piece.toLowerCase(), upper: piece.toUpperCase() };
      const scanned = seeded.filter((candidate) => matchesQuery(candidate, text)).map(({ _id }) => _id);
      expect(
        search(text).map(({ _id }) => _id),
        piece,
      ).toEqual(scanned);
    }
  });
});
