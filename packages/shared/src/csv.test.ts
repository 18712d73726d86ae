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
    expect(toCsvField('\tcmd')).toBe("'\tcmd");
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
