import type { TPermission, TReportColumnType, TReportSourceKey } from '@cargodesk/shared';
import type { SQL } from 'drizzle-orm';

// What a module lends reports to report on its table (docs/decisions/019-report-charts.md):
// a whitelist of columns, each an SQL expression the module wrote, and the condition that keeps a
// caller to the rows they may read. A definition names columns by key; no text of it becomes SQL.

export type TReportViewer = {
  companyId: string;
  userId: string;
  /** The company's products: a source holding several products' rows keeps to those it has (audit). */
  productCodes: readonly string[];
};

export type TReportColumn = {
  key: string;
  label: string;
  type: TReportColumnType;
  /** The values of an enum column: a filter's value must be one of them. */
  values?: readonly string[];
  /** How the screen writes a value that is a code rather than a word; the CSV keeps the code. */
  valueLabels?: Readonly<Record<string, string>>;
  /** An expression over the source's table, written by the module that owns it. */
  expression: SQL;
  /** Text, enum and date columns group (a date by its day); numbers are aggregated instead. */
  isGroupable?: boolean;
};

export type TReportSource = {
  key: TReportSourceKey;
  label: string;
  /** What the caller must hold to read the source; null: every signed-in user (their own rows). */
  permission: TPermission | null;
  /** The product a company needs for the source to exist for it (a product's routes are gated alike). */
  product?: { code: string; name: string };
  /** The FROM item: the module's table. */
  from: SQL;
  /** The rows the viewer may read, beside row-level security: the company, and their own where it applies. */
  scope: (viewer: TReportViewer) => SQL;
  columns: readonly TReportColumn[];
};
