// An Excel workbook (.xlsx) read in the browser into the CSV the import takes: the server reads
// one format, and a workbook's zip and XML never reach it. The reader loads only when a workbook
// is chosen.

const workbookType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const workbookTypes = `.xlsx,${workbookType}`;

export const isWorkbook = (file: File) => file.type === workbookType || /\.xlsx$/i.test(file.name);

export const unreadableWorkbook =
  'This workbook cannot be read. Open it in your spreadsheet, save it as "CSV UTF-8" and import that.';

type TCell = string | number | boolean | Date | null;

/** A date as the day it is when it has no time of day, else as an ISO timestamp. */
const dateText = (date: Date) => {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
};

/** A cell as CSV: quoted when it must be, and otherwise as written. The import reads it as data. */
const csvField = (cell: TCell) => {
  if (cell === null) return '';
  const text = cell instanceof Date ? dateText(cell) : String(cell);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** The workbook's first sheet as a CSV file of the same name. */
export const workbookAsCsv = async (workbook: File): Promise<File> => {
  const { readSheet } = await import('read-excel-file/browser');
  let rows: TCell[][];
  try {
    rows = (await readSheet(workbook)) as TCell[][];
  } catch {
    throw new Error(unreadableWorkbook);
  }
  const text = rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
  return new File([text], workbook.name, { type: 'text/csv' });
};
