// CSV written the same way by the browser's exports and the server's streamed ones.

export type TCsvValue = string | number | boolean | null | undefined;

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection); a leading
// apostrophe makes it plain text. Tab and carriage return are on OWASP's list for the same reason.
// Leading spaces do not stop it: an import that trims them leaves the formula first.
const formulaStart = /^(?=[ ]*[=+\-@\t\r])/;
// Nor is the start of our field the only start of a cell. A spreadsheet set to another locale's
// separator (the semicolon where the decimal mark is a comma, tab, the pipe some import dialogs
// offer) or one that ignores quotes (and so splits at the line breaks inside them) starts a new
// cell after each of these: `a;=1+1` is two cells there, the second a formula. The apostrophe goes
// before each such formula start too, spaces after the separator kept.
const formulaAfterSeparator = /([,;\t|\r\n][ ]*)(?=[=+\-@\t\r])/g;
// Quoted when it holds any separator, so readers that honour quotes keep the field one cell.
const needsQuotes = /[",;\t|\r\n]|^\s|\s$/;

/** One field: text that could run as a formula is neutralised, then quoted when it must be. */
export const toCsvField = (value: TCsvValue): string => {
  if (value === null || value === undefined) return '';
  // A number or a boolean is data, never a formula: -5 stays a negative number. Text is only ever
  // text, so "-5" written as text becomes '-5, which a spreadsheet shows as -5 all the same.
  if (typeof value !== 'string') return String(value);
  const text = value.replace(formulaAfterSeparator, "$1'").replace(formulaStart, "'");
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** One line of fields, ended by CRLF as RFC 4180 has it. */
export const toCsvLine = (fields: readonly TCsvValue[]) => `${fields.map(toCsvField).join(',')}\r\n`;

/** RFC 4180 text: a header line, then one line per row, each ended by CRLF. */
export const toCsv = ({ header, rows }: { header: readonly string[]; rows: readonly TCsvValue[][] }) =>
  [header, ...rows].map(toCsvLine).join('');
