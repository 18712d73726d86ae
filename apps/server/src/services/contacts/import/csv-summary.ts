import { contactImportRules } from '@cargodesk/shared';
import { AppError } from '../../../platform/http/errors.ts';
import { openCsv, type TCsvRecord } from './csv-records.ts';
import { UnreadableText } from './decode-text.ts';

// The first pass over an import's file: it reads the whole file without keeping it, so an
// unreadable file, one without rows and one with too many are refused before anything is written.
// It runs on the tenant work pool (csv-worker.ts): the file's shape decides what it costs.

export const importError = (message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: [{ field: 'file', message }] });

/** An unreadable file's reason, as the import's error; anything else as it was. */
export const asImportError = (error: unknown) =>
  error instanceof UnreadableText ? importError(error.message) : error;

export type TCsvSummary = { encoding: string; headers: string[]; sample: string[][]; rowCount: number };

/** The file's encoding, header, first rows and row count, or the reason it cannot be imported. */
export const summarizeCsv = async (bytes: Uint8Array): Promise<TCsvSummary> => {
  if (bytes.length === 0) throw importError('The file is empty');
  let encoding: string;
  let header: TCsvRecord | undefined;
  const sample: string[][] = [];
  let rowCount = 0;
  try {
    const csv = openCsv(bytes);
    encoding = csv.encoding;
    for await (const record of csv.records()) {
      if (!header) {
        header = record;
        continue;
      }
      rowCount += 1;
      if (sample.length < 5) sample.push(record.cells);
      // No need to read on: a file of ten million short lines costs no more than one too many.
      if (rowCount > contactImportRules.maxRows) break;
    }
  } catch (error) {
    throw asImportError(error);
  }
  if (!header) throw importError('The file has no lines');
  if (rowCount === 0) throw importError('The file has a header line but no contacts under it');
  if (rowCount > contactImportRules.maxRows)
    throw importError(
      `The file has more than ${contactImportRules.maxRows.toLocaleString('en')} rows; split it into files of at most ${contactImportRules.maxRows.toLocaleString('en')}`,
    );
  return { encoding, headers: header.cells.map((cell) => cell.trim()), sample, rowCount };
};
