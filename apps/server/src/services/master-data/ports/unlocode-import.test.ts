import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourDatabaseKinds, openTestDatabase } from '../../../../test/databases.ts';
import type { Database } from '../../../db/client.ts';
import { seaPorts } from '../../../db/schema/index.ts';
import {
  applyPortDiff,
  decodeMixed,
  diffPorts,
  parseCsv,
  parseUnlocodeCoordinates,
  parseUnlocodeCsv,
  readCataloguePorts,
  type TUnlocodePort,
} from './unlocode-import.ts';

// Small CodeList fixtures written by the tests, in UNECE's column layout.
const row = (cells: (string | undefined)[]) =>
  cells.map((cell) => (cell === undefined ? '' : `"${cell.replaceAll('"', '""')}"`)).join(',');
const port = (
  country: string,
  location: string,
  name: string,
  { change = '', functions = '1-------', coordinates = '', status = 'AI', subdivision = '' } = {},
) =>
  row([
    change,
    country,
    location,
    name,
    name,
    subdivision,
    status,
    functions,
    '2401',
    undefined,
    coordinates,
    '',
  ]);
const csv = (...rows: string[]) => new TextEncoder().encode(`${rows.join('\r\n')}\r\n`);
const parsedPorts = (bytes: Uint8Array) => {
  const result = parseUnlocodeCsv(bytes);
  if (!result.ok) throw new Error(result.error);
  return result;
};

describe('UN/LOCODE CodeList parsing', () => {
  it('reads coordinates written DDMMN DDDMME', () => {
    expect(parseUnlocodeCoordinates('5155N 00430E')).toEqual({ latitude: 51.91667, longitude: 4.5 });
    expect(parseUnlocodeCoordinates('3352S 15112E')).toEqual({ latitude: -33.86667, longitude: 151.2 });
    expect(parseUnlocodeCoordinates('4043N 07400W')).toEqual({ latitude: 40.71667, longitude: -74 });
    expect(parseUnlocodeCoordinates('')).toBeNull();
    for (const bad of ['5155 00430E', '5175N 00430E', '9500N 00000E', '51.9N 4.5E', '=5155N 00430E']) {
      expect(parseUnlocodeCoordinates(bad), bad).toBeUndefined();
    }
  });

  it('keeps sea ports from a good file and skips country headings and inland places', () => {
    const result = parsedPorts(
      csv(
        row(['', 'NL', undefined, '.NETHERLANDS', '.NETHERLANDS', '', '', '', '', '', '', '']),
        port('NL', 'RTM', 'Rotterdam', { coordinates: '5155N 00430E', subdivision: 'ZH' }),
        port('NL', 'UTC', 'Utrecht', { functions: '--3-----', coordinates: '5205N 00507E' }),
        port('NL', 'ZZA', 'Zuidzand', { change: '+', functions: '1-3-----' }),
      ),
    );
    expect(result.countries).toEqual(['NL']);
    expect(result.skippedNonPorts).toBe(1);
    expect(result.problems).toEqual([]);
    expect(result.ports.map((entry) => [entry.code, entry.change, entry.latitude])).toEqual([
      ['NLRTM', '', 51.91667],
      ['NLZZA', '+', null],
    ]);
  });

  it('decodes mixed UTF-8 and Windows-1252 lines', () => {
    const utf8Line = new TextEncoder().encode(`${port('DE', 'KEL', 'Kiel Düsternbrook')}\n`);
    // É as the single byte 0xC9, as Windows-1252 writes it.
    const cp1252Line = Uint8Array.from(
      Buffer.from(`${port('FR', 'SML', 'SAINT-MALO-CAF\u00c9')}\n`, 'latin1'),
    );
    const bytes = Uint8Array.from([...utf8Line, ...cp1252Line]);
    expect(decodeMixed(bytes)).toContain('Kiel Düsternbrook');
    const result = parsedPorts(bytes);
    expect(result.ports.map((entry) => entry.name)).toEqual(['Kiel Düsternbrook', 'SAINT-MALO-CAFÉ']);
  });

  it('reports bad rows by line and keeps the good ones', () => {
    const result = parsedPorts(
      csv(
        port('NL', 'RTM', 'Rotterdam', { coordinates: '5155N 00430E' }),
        port('NL', 'RTM', 'Rotterdam again'),
        port('NL', 'AMS', '=HYPERLINK("http://evil.example","x")'),
        port('NL', 'ams', 'Lower case'),
        port('NL', 'VLI', 'Vlissingen', { coordinates: '51N 3E' }),
        port('nl', 'DZL', 'Delfzijl'),
        port('NL', 'HAR', 'Harlingen', { change: '?' }),
        '"only","three","cells"',
      ),
    );
    expect(result.ports.map((entry) => entry.code)).toEqual(['NLRTM']);
    expect(result.problems).toEqual([
      { line: 2, message: 'repeats NLRTM of line 1' },
      { line: 3, message: 'has a cell that starts like a spreadsheet formula' },
      { line: 4, message: 'has "ams" where a three-character location code belongs' },
      { line: 5, message: 'has coordinates "51N 3E" not written DDMMN DDDMME' },
      { line: 6, message: 'has "nl" where a country code belongs' },
      { line: 7, message: 'has an unknown change indicator "?"' },
      { line: 8, message: 'has 3 columns, not 12' },
    ]);
  });

  it('rejects hostile and broken files whole', () => {
    expect(parseUnlocodeCsv(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]))).toMatchObject({
      ok: false,
      error: 'The file is not a text file',
    });
    expect(parseUnlocodeCsv(csv(`${port('NL', 'RTM', 'Rotterdam')}`, ',"NL","AMS","Amster'))).toMatchObject({
      ok: false,
      error: 'Line 2: a quoted cell is never closed',
    });
    expect(parseUnlocodeCsv(csv('name,code,lat', 'Rotterdam,NLRTM,51.9'))).toMatchObject({
      ok: false,
      error: 'No row of the file could be read as a UN/LOCODE entry',
    });
    expect(parseUnlocodeCsv(new Uint8Array(50 * 1024 * 1024 + 1).fill(0x41))).toMatchObject({
      ok: false,
      error: 'The file is larger than 50 MB',
    });
    expect(parseCsv('a,b"c\n')).toEqual({ error: 'Line 1: a quote inside an unquoted cell' });
  });
});

describe.each(behaviourDatabaseKinds)('UN/LOCODE diff and apply on %s', (kind) => {
  let database: Database;
  const countryNames = new Map([
    ['NL', 'Netherlands'],
    ['DE', 'Germany'],
  ]);

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => database?.close());

  it('shows new, changed and retired codes and flags points outside their country, then applies in one go', async () => {
    const current = await readCataloguePorts(database.db);
    const dutchBefore = current.filter((entry) => entry.countryCode === 'NL');
    expect(dutchBefore.length).toBeGreaterThan(3);
    const rotterdam = current.find((entry) => entry.code === 'NLRTM');
    expect(rotterdam).toBeDefined();
    const kept = dutchBefore.filter((entry) => entry.code !== 'NLRTM' && entry.code !== 'NLAMS');

    const file = parsedPorts(
      csv(
        // Rotterdam renamed, coordinates refined.
        port('NL', 'RTM', 'Rotterdam Maasvlakte', { change: '#', coordinates: '5157N 00402E' }),
        // Amsterdam marked for deletion.
        port('NL', 'AMS', 'Amsterdam', { change: 'X' }),
        // A new port, and a new one whose point lies in Germany.
        port('NL', 'ZZN', 'Nieuwe Haven', { change: '+', coordinates: '5300N 00600E' }),
        port('NL', 'ZZB', 'Wrong Point', { change: '+', coordinates: '5231N 01324E' }),
        // Every other Dutch port unchanged except one left out of the file (retired).
        ...kept
          .slice(1)
          .map((entry) => port('NL', entry.code.slice(2), entry.name, { status: entry.status ?? '' })),
      ),
    );
    const diff = await diffPorts(file.ports, current, file.countries);
    expect(diff.added.map((entry) => entry.code)).toEqual(['NLZZN', 'NLZZB']);
    expect(diff.changed.find((entry) => entry.code === 'NLRTM')?.fields).toEqual([
      'name',
      'status',
      'coordinates',
    ]);
    expect(diff.retired.map((entry) => entry.code).sort()).toEqual(['NLAMS', kept[0]?.code].sort());
    expect(diff.outOfCountry.map((entry) => entry.code)).toEqual(['NLZZB']);
    // German ports are not in the file, so none is retired.
    expect(diff.retired.some((entry) => entry.countryCode === 'DE')).toBe(false);

    const applied = await applyPortDiff(database.db, diff, { countryNames });
    expect(applied).toMatchObject({ added: 2, retired: 2 });
    const [renamed] = await database.db.select().from(seaPorts).where(eq(seaPorts.code, 'NLRTM'));
    expect(renamed).toMatchObject({ name: 'Rotterdam Maasvlakte', source: 'unlocode', retiredAt: null });
    expect(renamed?.latitude).toBeCloseTo(51.95, 2);
    const [wrong] = await database.db.select().from(seaPorts).where(eq(seaPorts.code, 'NLZZB'));
    expect(wrong).toMatchObject({ latitude: null, longitude: null, countryName: 'Netherlands' });
    const [amsterdam] = await database.db.select().from(seaPorts).where(eq(seaPorts.code, 'NLAMS'));
    expect(amsterdam?.retiredAt).not.toBeNull();

    // The same file again changes nothing but offers the held-back point once more.
    const again = await diffPorts(file.ports, await readCataloguePorts(database.db), file.countries);
    expect([again.added.length, again.retired.length]).toEqual([0, 0]);
    expect(again.changed.map((entry) => [entry.code, entry.fields])).toEqual([['NLZZB', ['coordinates']]]);
    expect(again.outOfCountry.map((entry) => entry.code)).toEqual(['NLZZB']);
  });

  it('rolls back everything when one write fails', async () => {
    const before = await readCataloguePorts(database.db);
    const broken: TUnlocodePort = {
      code: 'NLZZC',
      countryCode: 'NL',
      name: 'Fine',
      subdivision: '',
      status: 'AI',
      functions: '1-------',
      date: '2401',
      change: '+',
      latitude: null,
      longitude: null,
    };
    const diff = await diffPorts([broken, { ...broken, name: 'Twice' }], before, []);
    await expect(applyPortDiff(database.db, diff, { countryNames })).rejects.toThrow();
    expect((await readCataloguePorts(database.db)).length).toBe(before.length);
  });
});
