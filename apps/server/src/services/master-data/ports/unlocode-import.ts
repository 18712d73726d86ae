import type { Db, Tx } from '../../../db/client.ts';
import { loadCountryLocator } from './country-check.ts';
import { findSeaPorts, insertSeaPort, retireSeaPorts, updateSeaPort } from './repository.ts';

// The official UNECE UN/LOCODE CodeList CSV (reference-data.md): parsed, checked row by row and
// compared with the sea-port catalogue as a diff the admin reviews before anything is applied.
// Columns, without a header: Change, Country, Location, Name, NameWoDiacritics, Subdivision, Status,
// Function, Date, IATA, Coordinates, Remarks. Country rows have no location and a name like ".NETHERLANDS".

export const unlocodeLimits = { maxBytes: 50 * 1024 * 1024, maxRows: 200_000, maxRowErrors: 1_000 } as const;

export type TUnlocodePort = {
  code: string;
  countryCode: string;
  name: string;
  subdivision: string;
  status: string;
  functions: string;
  /** UN/LOCODE's YYMM of the last change. */
  date: string;
  /** + added, # name changed, | changed, X marked for deletion, = reference, ! retained; '' none. */
  change: string;
  latitude: number | null;
  longitude: number | null;
};

export type TRowProblem = { line: number; message: string };

export type TUnlocodeParseResult =
  | {
      ok: true;
      ports: TUnlocodePort[];
      countries: string[];
      problems: TRowProblem[];
      skippedNonPorts: number;
    }
  | { ok: false; error: string; problems: TRowProblem[] };

const columnCount = 12;
const changeIndicators = new Set(['', '+', '#', '|', 'X', '=', '!']);
/** Spreadsheet formula triggers: a cell starting with one could run when the data is exported again. */
const formulaLike = /^[=+\-@\t\r]/;

/**
 * Decodes line by line: UTF-8 where a line is valid UTF-8, Windows-1252 where it is not (UNECE's
 * files mix both). Returns undefined for binary content (NUL bytes).
 */
export const decodeMixed = (bytes: Uint8Array): string | undefined => {
  if (bytes.includes(0)) return undefined;
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  const cp1252 = new TextDecoder('windows-1252');
  const lines: string[] = [];
  let start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  for (let index = start; index <= bytes.length; index += 1) {
    if (index === bytes.length || bytes[index] === 0x0a) {
      const line = bytes.subarray(start, index);
      try {
        lines.push(utf8.decode(line));
      } catch {
        lines.push(cp1252.decode(line));
      }
      start = index + 1;
    }
  }
  return lines.join('\n');
};

/** RFC 4180 records with their first line numbers; an unterminated quote is an error, not a guess. */
export const parseCsv = (
  text: string,
): { records: { line: number; cells: string[] }[] } | { error: string } => {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let inQuotes = false;
  let line = 1;
  let recordLine = 1;
  let cellStarted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (inQuotes) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          cell += '"';
          index += 1;
        } else {
          inQuotes = false;
        }
      } else {
        if (char === '\n') line += 1;
        cell += char;
      }
      continue;
    }
    if (char === '"' && !cellStarted) {
      inQuotes = true;
      cellStarted = true;
    } else if (char === '"') {
      return { error: `Line ${line}: a quote inside an unquoted cell` };
    } else if (char === ',') {
      cells.push(cell);
      cell = '';
      cellStarted = false;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      cells.push(cell);
      if (cells.length > 1 || cells[0] !== '') records.push({ line: recordLine, cells });
      cells = [];
      cell = '';
      cellStarted = false;
      line += 1;
      recordLine = line;
    } else {
      cell += char;
      cellStarted = true;
    }
  }
  if (inQuotes) return { error: `Line ${recordLine}: a quoted cell is never closed` };
  cells.push(cell);
  if (cells.length > 1 || cells[0] !== '') records.push({ line: recordLine, cells });
  return { records };
};

/** "5155N 00430E" → degrees; undefined when malformed, null when empty. */
export const parseUnlocodeCoordinates = (
  value: string,
): { latitude: number; longitude: number } | null | undefined => {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const match = /^(\d{2})(\d{2})([NS])\s+(\d{3})(\d{2})([EW])$/.exec(trimmed);
  if (!match) return undefined;
  const [, latDeg, latMin, latHem, lonDeg, lonMin, lonHem] = match;
  const latitude = (Number(latDeg) + Number(latMin) / 60) * (latHem === 'S' ? -1 : 1);
  const longitude = (Number(lonDeg) + Number(lonMin) / 60) * (lonHem === 'W' ? -1 : 1);
  if (Number(latMin) >= 60 || Number(lonMin) >= 60 || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
    return undefined;
  }
  return { latitude: Math.round(latitude * 1e5) / 1e5, longitude: Math.round(longitude * 1e5) / 1e5 };
};

/** Parses a CodeList file; keeps sea ports (function starting with "1") and reports bad rows by line. */
export const parseUnlocodeCsv = (bytes: Uint8Array): TUnlocodeParseResult => {
  if (bytes.length > unlocodeLimits.maxBytes) {
    return { ok: false, error: 'The file is larger than 50 MB', problems: [] };
  }
  const text = decodeMixed(bytes);
  if (text === undefined) return { ok: false, error: 'The file is not a text file', problems: [] };
  const parsed = parseCsv(text);
  if ('error' in parsed) return { ok: false, error: parsed.error, problems: [] };
  if (parsed.records.length > unlocodeLimits.maxRows) {
    return { ok: false, error: `The file has more than ${unlocodeLimits.maxRows} rows`, problems: [] };
  }
  const problems: TRowProblem[] = [];
  const ports: TUnlocodePort[] = [];
  const seen = new Map<string, number>();
  const countries = new Set<string>();
  let skippedNonPorts = 0;
  for (const { line, cells } of parsed.records) {
    if (problems.length >= unlocodeLimits.maxRowErrors) break;
    if (cells.length !== columnCount) {
      problems.push({
        line,
        message: `has ${cells.length} ${cells.length === 1 ? 'column' : 'columns'}, not ${columnCount}`,
      });
      continue;
    }
    const [
      change = '',
      country = '',
      location = '',
      name = '',
      ,
      subdivision = '',
      status = '',
      functions = '',
    ] = cells.map((cell) => cell.trim());
    const date = (cells[8] ?? '').trim();
    const coordinates = cells[10] ?? '';
    if (!/^[A-Z]{2}$/.test(country)) {
      problems.push({ line, message: `has "${country.slice(0, 20)}" where a country code belongs` });
      continue;
    }
    countries.add(country);
    if (location === '') continue; // the country's heading row
    if (!changeIndicators.has(change)) {
      problems.push({ line, message: `has an unknown change indicator "${change.slice(0, 5)}"` });
      continue;
    }
    if (!/^[A-Z2-9]{3}$/.test(location)) {
      problems.push({
        line,
        message: `has "${location.slice(0, 20)}" where a three-character location code belongs`,
      });
      continue;
    }
    if ([name, cells[4] ?? '', subdivision, cells[11] ?? ''].some((cell) => formulaLike.test(cell))) {
      problems.push({ line, message: 'has a cell that starts like a spreadsheet formula' });
      continue;
    }
    if (name === '' || name.length > 120) {
      problems.push({ line, message: 'has no name or one longer than 120 characters' });
      continue;
    }
    if (!/^[0-9B-]{8}$/.test(functions)) {
      problems.push({ line, message: `has "${functions.slice(0, 20)}" where eight function flags belong` });
      continue;
    }
    if (!functions.startsWith('1')) {
      skippedNonPorts += 1;
      continue;
    }
    const point = parseUnlocodeCoordinates(coordinates);
    if (point === undefined) {
      problems.push({
        line,
        message: `has coordinates "${coordinates.slice(0, 20)}" not written DDMMN DDDMME`,
      });
      continue;
    }
    const code = `${country}${location}`;
    const earlier = seen.get(code);
    if (earlier !== undefined) {
      problems.push({ line, message: `repeats ${code} of line ${earlier}` });
      continue;
    }
    seen.set(code, line);
    ports.push({
      code,
      countryCode: country,
      name,
      subdivision,
      status,
      functions,
      date,
      change,
      latitude: point?.latitude ?? null,
      longitude: point?.longitude ?? null,
    });
  }
  if (ports.length === 0 && problems.length > 0) {
    return { ok: false, error: 'No row of the file could be read as a UN/LOCODE entry', problems };
  }
  return { ok: true, ports, countries: [...countries].sort(), problems, skippedNonPorts };
};

export type TCataloguePort = {
  code: string;
  name: string;
  countryCode: string;
  subdivision: string;
  latitude: number | null;
  longitude: number | null;
  status: string | null;
  retired: boolean;
};

export type TPortDiff = {
  added: TUnlocodePort[];
  changed: { code: string; fields: string[]; before: TCataloguePort; after: TUnlocodePort }[];
  retired: TCataloguePort[];
  /** Rows whose coordinates fall outside their country: applied only if the admin keeps them. */
  outOfCountry: TUnlocodePort[];
  unchanged: number;
};

const sameCoordinate = (left: number | null, right: number | null) =>
  left === right || (left !== null && right !== null && Math.abs(left - right) < 0.0001);

/**
 * The reviewed diff: new codes, changed names/coordinates/status, and retired codes (marked X, or
 * missing from a country the file covers; countries the file does not mention are left alone).
 */
export const diffPorts = async (
  imported: TUnlocodePort[],
  current: TCataloguePort[],
  countries: string[],
): Promise<TPortDiff> => {
  const locatesInCountry = await loadCountryLocator();
  const currentByCode = new Map(current.map((port) => [port.code, port]));
  const importedCodes = new Set(imported.map((port) => port.code));
  const covered = new Set(countries);
  const diff: TPortDiff = { added: [], changed: [], retired: [], outOfCountry: [], unchanged: 0 };
  for (const port of imported) {
    const existing = currentByCode.get(port.code);
    if (port.change === 'X') {
      if (existing && !existing.retired) diff.retired.push(existing);
      continue;
    }
    if (
      port.latitude !== null &&
      port.longitude !== null &&
      !locatesInCountry(port.countryCode, port.longitude, port.latitude)
    ) {
      diff.outOfCountry.push(port);
    }
    if (!existing) {
      diff.added.push(port);
      continue;
    }
    const fields = [
      existing.name !== port.name && 'name',
      existing.subdivision !== port.subdivision && 'subdivision',
      (existing.status ?? '') !== port.status && 'status',
      // An import without coordinates keeps the catalogue's.
      port.latitude !== null &&
        (!sameCoordinate(existing.latitude, port.latitude) ||
          !sameCoordinate(existing.longitude, port.longitude)) &&
        'coordinates',
      existing.retired && 'reinstated',
    ].filter((field): field is string => Boolean(field));
    if (fields.length > 0) diff.changed.push({ code: port.code, fields, before: existing, after: port });
    else diff.unchanged += 1;
  }
  for (const port of current) {
    if (!port.retired && covered.has(port.countryCode) && !importedCodes.has(port.code))
      diff.retired.push(port);
  }
  return diff;
};

/** The sea-port catalogue as the diff compares it. */
export const readCataloguePorts = async (db: Db): Promise<TCataloguePort[]> =>
  (await findSeaPorts(db)).map((row) => ({
    code: row.code,
    name: row.name,
    countryCode: row.countryCode,
    subdivision: row.subdivision,
    latitude: row.latitude,
    longitude: row.longitude,
    status: row.status,
    retired: row.retiredAt !== null,
  }));

/**
 * Applies a reviewed diff in one transaction, as the database owner (requests may only read the
 * catalogue). Out-of-country rows are applied without their coordinates unless `keepOutOfCountry`.
 * Every touched row gets a new updated_at, which refreshes every instance's search index.
 */
export const applyPortDiff = async (
  db: Db,
  diff: TPortDiff,
  {
    countryNames,
    keepOutOfCountry = false,
    onApplied,
  }: {
    countryNames: Map<string, string>;
    keepOutOfCountry?: boolean;
    /** More work for the same transaction (the import's status, its audit row). */
    onApplied?: (tx: Tx) => Promise<void>;
  },
) => {
  const suspicious = new Set(diff.outOfCountry.map((port) => port.code));
  const pointOf = (port: TUnlocodePort) =>
    suspicious.has(port.code) && !keepOutOfCountry
      ? { latitude: null, longitude: null }
      : { latitude: port.latitude, longitude: port.longitude };
  await db.transaction(async (tx) => {
    const now = new Date();
    for (const port of diff.added) {
      await insertSeaPort(tx, {
        code: port.code,
        name: port.name,
        city: port.name,
        countryCode: port.countryCode,
        countryName: countryNames.get(port.countryCode) ?? '',
        subdivision: port.subdivision,
        ...pointOf(port),
        status: port.status,
        functions: port.functions,
        source: 'unlocode',
        updatedAt: now,
      });
    }
    for (const { code, after } of diff.changed) {
      const point = after.latitude === null ? {} : pointOf(after);
      await updateSeaPort(tx, code, {
        name: after.name,
        subdivision: after.subdivision,
        status: after.status,
        functions: after.functions,
        ...point,
        source: 'unlocode',
        retiredAt: null,
        updatedAt: now,
      });
    }
    const retired = diff.retired.map((port) => port.code);
    if (retired.length > 0) {
      await retireSeaPorts(tx, retired, now);
    }
    await onApplied?.(tx);
  });
  return { added: diff.added.length, changed: diff.changed.length, retired: diff.retired.length };
};
