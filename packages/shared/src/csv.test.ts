import { describe, expect, it } from 'vitest';
import { toCsv, toCsvField } from './csv.ts';

describe('toCsvField', () => {
  it('leaves plain text, numbers and booleans as they are and empties null', () => {
    expect(toCsvField('Rotterdam')).toBe('Rotterdam');
    expect(toCsvField(-5)).toBe('-5');
    expect(toCsvField(true)).toBe('true');
    expect(toCsvField(null)).toBe('');
    expect(toCsvField(undefined)).toBe('');
  });

  it('quotes commas, quotes, line breaks and edge spaces, doubling inner quotes', () => {
    expect(toCsvField('a,b')).toBe('"a,b"');
    expect(toCsvField('say "hi"')).toBe('"say ""hi"""');
    expect(toCsvField('line\nbreak')).toBe('"line\nbreak"');
    expect(toCsvField(' padded')).toBe('" padded"');
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(toCsvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(toCsvField('+44')).toBe("'+44");
    expect(toCsvField('-1+2')).toBe("'-1+2");
    expect(toCsvField('@SUM(A1)')).toBe("'@SUM(A1)");
    // Quoted too: a tab is a separator to a reader set to tabs.
    expect(toCsvField('\tcmd')).toBe(`"'\tcmd"`);
  });
});

// Payloads from OWASP's CSV injection page and its usual lists, alone and after each separator a
// spreadsheet may split a line on (the comma, a locale's semicolon, tab, pipe) or a line break.
const formulaStarts = ['=', '+', '-', '@', '\t', '\r'];
const payloads = [
  '=1+1',
  '+1+1',
  '-1+1',
  '@SUM(1+1)',
  '\t=1+1',
  '\r=1+1',
  '=HYPERLINK("http://evil.example","x")',
  "=cmd|' /C calc'!A0",
  ' =1+1',
];
const separators = [',', ';', '\t', '|', '\n', '\r\n'];
const cellStarts = /^[=+\-@\t\r]/;

/** The cells a spreadsheet could make of a field: quotes ignored, split at `separator`, spaces trimmed. */
const cellsOf = (field: string, separator: string) =>
  field
    .replaceAll('"', '')
    .split(separator === '\r\n' ? /\r?\n|\r/ : separator)
    .map((cell) => cell.trimStart());

describe('toCsvField against formula payloads', () => {
  const values = [
    ...payloads,
    ...separators.flatMap((separator) => [
      ...payloads.map((payload) => `${separator}${payload}${separator}`),
      ...payloads.map((payload) => `Rates${separator}${payload}`),
      ...payloads.map((payload) => `Rates${separator} ${payload}`),
    ]),
    ';=1+1;',
    ',=1+1',
    '\t=1+1',
    'a\t\t=1',
    'vip, =cmd',
  ];

  it.each(values)('leaves no cell of %j starting as a formula, however the line is split', (value) => {
    const field = toCsvField(value);
    // A tab or CR cell start is a separator in its own right: its cell is split off too.
    for (const separator of separators)
      for (const cell of cellsOf(field, separator))
        expect(cellStarts.test(cell) && !['\t', '\r'].includes(cell[0] ?? ''), `${separator} ${cell}`).toBe(
          false,
        );
  });

  it.each(values)('keeps %j whole in one quoted field for a reader that honours quotes', (value) => {
    const field = toCsvField(value);
    const hasSeparator = /[",;\t|\r\n]/.test(value);
    if (hasSeparator) expect(field.startsWith('"') && field.endsWith('"')).toBe(true);
    // Undoing the quoting and the apostrophes gives the value back: nothing else was changed.
    const unquoted = field.startsWith('"') ? field.slice(1, -1).replaceAll('""', '"') : field;
    expect(unquoted.replaceAll("'", '')).toBe(value.replaceAll("'", ''));
  });

  it('puts the apostrophe just before each formula start', () => {
    expect(toCsvField(';=1+1;')).toBe(`";'=1+1;"`);
    expect(toCsvField(',=1+1')).toBe(`",'=1+1"`);
    expect(toCsvField('\t=1+1')).toBe(`"'\t'=1+1"`);
    expect(toCsvField('Rates| @SUM(A1)')).toBe(`"Rates| '@SUM(A1)"`);
    expect(toCsvField(' =1+1')).toBe("' =1+1");
    for (const start of formulaStarts) expect(toCsvField(`${start}x`).replace(/^"/, '')).toMatch(/^'/);
  });

  it('leaves ordinary text with separators alone but for the quotes, and numbers as numbers', () => {
    expect(toCsvField('Rotterdam; Hamburg')).toBe('"Rotterdam; Hamburg"');
    expect(toCsvField('A|B')).toBe('"A|B"');
    expect(toCsvField('vip, key account')).toBe('"vip, key account"');
    expect(toCsvField('2026-01-31T09:30:00.000Z')).toBe('2026-01-31T09:30:00.000Z');
    expect(toCsvField(-5)).toBe('-5');
    expect(toCsvField(-1.5)).toBe('-1.5');
  });
});

describe('toCsv', () => {
  it('writes a header and one CRLF-ended line per row', () => {
    expect(
      toCsv({
        header: ['Name', 'Code'],
        rows: [
          ['Oslo, Norway', 'NO'],
          [null, 'SE'],
        ],
      }),
    ).toBe('Name,Code\r\n"Oslo, Norway",NO\r\n,SE\r\n');
  });
});
