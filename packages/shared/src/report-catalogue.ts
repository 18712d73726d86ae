// Report sketches' plain data (services/reportserver, docs/decisions/019-report-charts.md): the
// web reads these without zod, which the page's CSP keeps out of the first chunks. The schemas that
// check a definition are in reports.ts.

import { dateMessages } from './calendar-dates.ts';

export const reportSourceKeys = [
  'users',
  'audit',
  'mails',
  'files',
  'notifications',
  'contacts',
  'templates',
  'shipments',
] as const;
export type TReportSourceKey = (typeof reportSourceKeys)[number];

export const reportColumnTypes = ['text', 'number', 'date', 'enum'] as const;
export type TReportColumnType = (typeof reportColumnTypes)[number];

export const reportOperators = [
  'eq',
  'neq',
  'contains',
  'gt',
  'gte',
  'lt',
  'lte',
  'isEmpty',
  'isNotEmpty',
] as const;
export type TReportOperator = (typeof reportOperators)[number];

/** The operators each column type allows; the server refuses any other with 400. */
export const reportOperatorsByType: Record<TReportColumnType, readonly TReportOperator[]> = {
  text: ['eq', 'neq', 'contains', 'isEmpty', 'isNotEmpty'],
  enum: ['eq', 'neq'],
  number: ['eq', 'neq', 'gt', 'gte', 'lt', 'lte'],
  date: ['gt', 'gte', 'lt', 'lte', 'isEmpty', 'isNotEmpty'],
};

export const reportOperatorLabels: Record<TReportOperator, string> = {
  eq: 'is',
  neq: 'is not',
  contains: 'contains',
  gt: 'after / above',
  gte: 'from / at least',
  lt: 'before / below',
  lte: 'until / at most',
  isEmpty: 'is empty',
  isNotEmpty: 'is not empty',
};

export const reportAggregateFunctions = ['count', 'sum', 'avg', 'min', 'max'] as const;
export type TReportAggregateFunction = (typeof reportAggregateFunctions)[number];

export const reportAggregateLabels: Record<TReportAggregateFunction, string> = {
  count: 'Count',
  sum: 'Sum',
  avg: 'Average',
  min: 'Minimum',
  max: 'Maximum',
};

export const reportChartTypes = ['table', 'bar', 'line', 'pie'] as const;
export type TReportChartType = (typeof reportChartTypes)[number];

export const reportScheduleFrequencies = ['weekly', 'monthly'] as const;
export type TReportScheduleFrequency = (typeof reportScheduleFrequencies)[number];

export const reportRules = {
  maxNameLength: 120,
  maxColumns: 20,
  maxFilters: 10,
  maxGroupBy: 2,
  maxAggregates: 5,
  /** Rows a run answers at most; the export takes as many. */
  maxRows: 1_000,
  maxPinned: 4,
  maxRecipients: 20,
  maxFilterValueLength: 200,
} as const;

export const reportMessages = {
  notFound: 'No such report in your company',
  notOwner: 'Only the report’s owner may change, schedule or delete it',
  unknownSource: 'is not a source you may report on',
  sourceForbidden: (permission: string) => `This report’s source needs the ${permission} permission`,
  unknownColumn: 'is not a column of this source',
  notGroupable: 'cannot be grouped by',
  operatorNotAllowed: 'is not an operator for this column',
  aggregateNotAllowed: 'is not an aggregate for this column',
  valueRequired: 'needs a value',
  badNumber: 'must be a number',
  badDate: dateMessages.dateOrDateTime(),
  badEnum: 'is not one of the column’s values',
  sortUnknown: 'must be a column or an aggregate of the result',
  tooManyPins: `You can pin at most ${reportRules.maxPinned} reports`,
  recipientNotFound: 'must be active users of your company',
  recipientCannotRead: (permission: string) =>
    `must be colleagues who hold ${permission}, as the report’s source needs`,
} as const;

export const reportSourceLabels: Record<TReportSourceKey, string> = {
  users: 'Users',
  audit: 'Audit events',
  mails: 'Mails',
  files: 'Files',
  notifications: 'Notifications',
  contacts: 'Contacts',
  templates: 'Templates',
  shipments: 'Shipments',
};

export const reportChartLabels: Record<TReportChartType, string> = {
  table: 'Table',
  bar: 'Bar chart',
  line: 'Line chart',
  pie: 'Pie chart',
};

export const reportScheduleLabels: Record<TReportScheduleFrequency, string> = {
  weekly: 'Weekly (Mondays)',
  monthly: 'Monthly (the 1st)',
};

/** The report list's sort fields; `-field` sorts descending. */
export const reportSketchSortFields = ['name', 'source', 'chart', 'updatedAt'] as const;
export type TReportSketchSortField = (typeof reportSketchSortFields)[number];
