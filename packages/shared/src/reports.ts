import { z } from 'zod';
import { ZPageQuery } from './lists.ts';
import {
  reportAggregateFunctions,
  reportChartTypes,
  reportColumnTypes,
  reportOperators,
  reportRules,
  reportScheduleFrequencies,
  reportSketchSortFields,
  reportSourceKeys,
} from './report-catalogue.ts';

// Report sketches (services/reportserver, docs/decisions/019-report-charts.md): saved definitions
// over one source, run under the caller's permissions. The sources and their columns are the
// server's whitelist (GET /reportSketch/sources); a definition names them by key only.

const ZKey = z.string().trim().min(1, 'is required').max(60);

export const ZReportFilter = z
  .object({
    column: ZKey,
    operator: z.enum(reportOperators),
    value: z
      .union([z.string().max(reportRules.maxFilterValueLength), z.number()])
      .nullable()
      .default(null),
  })
  .strict();
export type TReportFilter = z.infer<typeof ZReportFilter>;

export const ZReportAggregate = z
  .object({
    function: z.enum(reportAggregateFunctions),
    /** Not for count, which counts rows; sum and avg take a number column, min and max a number or date. */
    column: ZKey.optional(),
  })
  .strict();
export type TReportAggregate = z.infer<typeof ZReportAggregate>;

export const ZReportSort = z
  .object({
    /** A column key, or an aggregate's key in a grouped result (`count`, `sum_size`). */
    column: ZKey,
    direction: z.enum(['asc', 'desc']).default('asc'),
  })
  .strict();

/** What a report shows; the whitelist per source is checked by the server, field by field. */
export const ZReportDefinition = z
  .object({
    // A string, not an enum: an unknown source answers 400 with the field, as an unknown column does.
    source: ZKey,
    columns: z.array(ZKey).max(reportRules.maxColumns).default([]),
    filters: z.array(ZReportFilter).max(reportRules.maxFilters).default([]),
    groupBy: z.array(ZKey).max(reportRules.maxGroupBy).default([]),
    aggregates: z.array(ZReportAggregate).max(reportRules.maxAggregates).default([]),
    sort: ZReportSort.nullable().default(null),
    chart: z.enum(reportChartTypes).default('table'),
  })
  .strict();
export type TReportDefinition = z.infer<typeof ZReportDefinition>;
export type TReportDefinitionInput = z.input<typeof ZReportDefinition>;

const ZName = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(reportRules.maxNameLength, `must be at most ${reportRules.maxNameLength} characters`);

export const ZReportSketchCreate = z
  .object({
    name: ZName,
    definition: ZReportDefinition,
    isShared: z.boolean().default(false),
  })
  .strict();
export const ZReportSketchUpdate = z
  .object({
    name: ZName.optional(),
    definition: ZReportDefinition.optional(),
    isShared: z.boolean().optional(),
  })
  .strict();

export const ZReportScheduleInput = z
  .object({
    frequency: z.enum(reportScheduleFrequencies),
    /** Active users of the company who get the CSV. */
    recipientIds: z
      .array(z.uuid({ error: 'must be a user id' }))
      .min(1, 'name at least one colleague')
      .max(reportRules.maxRecipients),
  })
  .strict();

export const ZReportSketchIdParams = z.object({ id: z.uuid({ error: 'must be an id' }) }).strict();

export const ZReportSketchListQuery = ZPageQuery.extend({
  source: z.enum(reportSourceKeys).optional(),
  sort: z
    .enum([...reportSketchSortFields, ...reportSketchSortFields.map((field) => `-${field}` as const)])
    .optional(),
}).strict();

export const ZReportSchedule = z.object({
  frequency: z.enum(reportScheduleFrequencies),
  recipientIds: z.array(z.string()),
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
});
export type TReportSchedule = z.infer<typeof ZReportSchedule>;

export const ZReportSketchSummary = z.object({
  _id: z.string(),
  name: z.string(),
  source: z.string(),
  chart: z.enum(reportChartTypes),
  isShared: z.boolean(),
  isMine: z.boolean(),
  isPinned: z.boolean(),
  ownerName: z.string().nullable(),
  updatedAt: z.string(),
});
export type TReportSketchSummary = z.infer<typeof ZReportSketchSummary>;

export const ZReportSketch = ZReportSketchSummary.extend({
  definition: ZReportDefinition,
  schedule: ZReportSchedule.nullable(),
  createdAt: z.string(),
});
export type TReportSketch = z.infer<typeof ZReportSketch>;

/** How the screen writes an enum column's codes, where a code is no word (`fcl` → `FCL`). */
const ZReportValueLabels = z.record(z.string(), z.string());

export const ZReportColumnInfo = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(reportColumnTypes),
  values: z.array(z.string()).optional(),
  valueLabels: ZReportValueLabels.optional(),
  isGroupable: z.boolean(),
});
export type TReportColumnInfo = z.infer<typeof ZReportColumnInfo>;

export const ZReportSourceInfo = z.object({
  key: z.enum(reportSourceKeys),
  label: z.string(),
  columns: z.array(ZReportColumnInfo),
});
export type TReportSourceInfo = z.infer<typeof ZReportSourceInfo>;

export const ZReportResult = z.object({
  columns: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      type: z.enum(reportColumnTypes),
      valueLabels: ZReportValueLabels.optional(),
    }),
  ),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
  /** More rows matched than a run answers (reportRules.maxRows). */
  isTruncated: z.boolean(),
});
export type TReportResult = z.infer<typeof ZReportResult>;
