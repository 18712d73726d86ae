import { constants, type TCsvValue, type TListMeta, toCsv } from '@cargodesk/shared';
import { downloadBlob } from '../download-blob.ts';

export type TCsvColumn<TRow> = { title: string; value: (row: TRow) => TCsvValue };

type TFetchPage<TRow> = (page: {
  page: number;
  pageSize: number;
}) => Promise<{ data: TRow[]; meta: TListMeta }>;

/** Every row of the current search and filters, page by page at the largest size the API allows. */
export const fetchAllPages = async <TRow>(fetchPage: TFetchPage<TRow>) => {
  const rows: TRow[] = [];
  for (let page = 1; ; page += 1) {
    const { data, meta } = await fetchPage({ page, pageSize: constants.listMaxPageSize });
    rows.push(...data);
    // An empty page also ends it, should rows vanish while the export runs.
    if (data.length === 0 || rows.length >= meta.total) return rows;
  }
};

export const toCsvOf = <TRow>(columns: readonly TCsvColumn<TRow>[], rows: readonly TRow[]) =>
  toCsv({
    header: columns.map((column) => column.title),
    rows: rows.map((row) => columns.map((column) => column.value(row))),
  });

/** Hands the text to the browser as a file download; the BOM lets spreadsheet programs read UTF-8. */
export const downloadCsv = (fileName: string, csv: string) =>
  downloadBlob(fileName, new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
