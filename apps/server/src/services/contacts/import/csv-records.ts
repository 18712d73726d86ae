import { pipeline, Readable } from 'node:stream';
import { contactImportRules } from '@cargodesk/shared';
import { CsvError, parse } from 'csv-parse';
import { decodeText, UnreadableText } from './decode-text.ts';

// A CSV file's records, read as they are needed: a 100,000-row file is never in memory as rows all
// at once, only the batch being imported. Every way a file can be unreadable becomes UnreadableText
// with the line where it breaks, and so does a line too long or too wide for a contact: a file's
// shape must not decide how long reading it takes (a header of a million columns, one line of 40 MB).

export type TCsvRecord = { line: number; cells: string[] };

/** The separator the header line uses most: spreadsheets in much of Europe write `;`. */
const delimiterOf = (firstPiece: string) => {
  const firstLine = firstPiece.slice(0, firstPiece.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((delimiter) => [delimiter, firstLine.split(delimiter).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
};

const unreadable = (error: unknown) => {
  if (error instanceof UnreadableText) return error;
  if (!(error instanceof CsvError)) return error;
  const { lines } = error as CsvError & { lines?: number };
  if (error.code === 'CSV_MAX_RECORD_SIZE') return lineTooLong(lines);
  const reason = error.message.replace(/^[A-Za-z ]+: /, '');
  return new UnreadableText(`The file is not valid CSV${lines ? ` at line ${lines}` : ''}: ${reason}`);
};

const lineTooLong = (line: number | undefined) =>
  new UnreadableText(
    `Line ${line ?? 1} of the file is longer than ${contactImportRules.maxLineLength.toLocaleString('en')} characters: a contact's line is much shorter. Check that the file is a CSV of contacts.`,
  );
const tooManyColumns = (line: number, count: number) =>
  new UnreadableText(
    `Line ${line} of the file has ${count.toLocaleString('en')} columns; a contacts file may have at most ${contactImportRules.maxColumns}.`,
  );
// PostgreSQL's text holds no NUL character; a spreadsheet never writes one in a cell.
const nulInCell = (line: number) =>
  new UnreadableText(
    `Line ${line} of the file holds a NUL character (U+0000), which no contact field may hold. Save the file again from your spreadsheet as "CSV UTF-8".`,
  );

/** Refuses, with its line, a record no contact could come from. */
const assertReadable = ({ line, cells }: TCsvRecord) => {
  if (cells.length > contactImportRules.maxColumns) throw tooManyColumns(line, cells.length);
  if (cells.some((cell) => cell.includes('\u0000'))) throw nulInCell(line);
};

/** Columns the first line has at least, counted before it is parsed: a header too wide is refused unread. */
const columnsAtLeast = (firstLine: string, delimiter: string) => firstLine.split(delimiter).length;

/** The file's encoding, and its RFC 4180 records with the line each starts on. */
export const openCsv = (bytes: Uint8Array) => {
  const text = decodeText(bytes);
  const records = async function* (): AsyncGenerator<TCsvRecord> {
    const pieces = text.pieces();
    const first = pieces.next();
    const firstPiece = first.done ? '' : first.value;
    const delimiter = delimiterOf(firstPiece);
    // Quoted cells may hold the delimiter, so this counts too many at worst, and only far past the limit.
    const firstLine = firstPiece.slice(0, firstPiece.search(/\r?\n|$/));
    const firstColumns = columnsAtLeast(firstLine, delimiter);
    if (firstColumns > contactImportRules.maxColumns * 2) throw tooManyColumns(1, firstColumns);
    const parser = parse({
      delimiter,
      max_record_size: contactImportRules.maxLineLength,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      bom: true,
    });
    // The pieces flow into the parser only as fast as records are taken out.
    const source = Readable.from(
      (function* () {
        yield firstPiece;
        yield* pieces;
      })(),
      { objectMode: false },
    );
    // Either side failing ends both; the loop below then throws the error.
    pipeline(source, parser, () => {});
    try {
      for await (const { record, info } of parser as AsyncIterable<{
        record: string[];
        info: { lines: number };
      }>) {
        const read = {
          // `lines` is where the record ends; a quoted cell may span lines.
          line: info.lines - record.reduce((count, cell) => count + (cell.match(/\n/g)?.length ?? 0), 0),
          cells: record,
        };
        assertReadable(read);
        yield read;
      }
    } catch (error) {
      throw unreadable(error);
    }
  };
  return { encoding: text.encoding, records };
};
