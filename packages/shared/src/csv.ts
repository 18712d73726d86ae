// CSV written the same way by the browser's exports and the server's streamed ones.

export type TCsvValue = string | number | boolean | null | undefined;

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection); a leading
// apostrophe makes it plain text. Tab and carriage return are on OWASP's list for the same reason.
const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]|^\s|\s$/;

/** One field: text that could run as a formula is neutralised, then quoted when it must be. */
export const toCsvField = (value: TCsvValue): string => {
  if (value === null || value === undefined) return '';
  // A number or a boolean is data, never a formula: -5 stays a negative number.
  if (typeof value !== 'string') return String(value);
  const text = formulaStart.test(value) ? `'${value}` : value;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** One line of fields, ended by CRLF as RFC 4180 has it. */
export const toCsvLine = (fields: readonly TCsvValue[]) => `${fields.map(toCsvField).join(',')}\r\n`;

/** RFC 4180 text: a header line, then one line per row, each ended by CRLF. */
export const toCsv = ({ header, rows }: { header: readonly string[]; rows: readonly TCsvValue[][] }) =>
  [header, ...rows].map(toCsvLine).join('');
