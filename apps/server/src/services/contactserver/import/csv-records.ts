import { pipeline, Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { decodeText, UnreadableText } from './decode-text.ts';

// A CSV file's records, read as they are needed: a 100,000-row file is never in memory as rows all
// at once, only the batch being imported. Every way a file can be unreadable becomes UnreadableText
// with the line where it breaks.

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
  const reason = error.message.replace(/^[A-Za-z ]+: /, '');
  return new UnreadableText(`The file is not valid CSV${lines ? ` at line ${lines}` : ''}: ${reason}`);
};

/** The file's encoding, and its RFC 4180 records with the line each starts on. */
export const openCsv = (bytes: Uint8Array) => {
  const text = decodeText(bytes);
  const records = async function* (): AsyncGenerator<TCsvRecord> {
    const pieces = text.pieces();
    const first = pieces.next();
    const firstPiece = first.done ? '' : first.value;
    const parser = parse({
      delimiter: delimiterOf(firstPiece),
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
        yield {
          // `lines` is where the record ends; a quoted cell may span lines.
          line: info.lines - record.reduce((count, cell) => count + (cell.match(/\n/g)?.length ?? 0), 0),
          cells: record,
        };
      }
    } catch (error) {
      throw unreadable(error);
    }
  };
  return { encoding: text.encoding, records };
};
