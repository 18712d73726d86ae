import {
  isCalendarDate,
  isDateTime,
  reportMessages,
  reportOperatorsByType,
  reportRules,
  type TReportColumnType,
  type TReportDefinition,
  type TReportResult,
} from '@cargodesk/shared';
import { notInArray, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { executeRows } from '../../db/driver.ts';
import { containsPattern } from '../../db/like-pattern.ts';
import { auditEventDailyCounts } from '../../db/schema/index.ts';
import type { TAuthContext } from '../../platform/auth/auth-context.ts';
import type { TReportColumn, TReportSource } from '../../platform/data-access/report-sources.ts';
import { AppError } from '../../platform/http/errors.ts';
import { productGateMessage } from '../access/public.ts';
import { auditEntityTypesOutside } from '../audit/public.ts';
import { reportSources } from './sources.ts';

// A definition becomes SQL here, and only from the whitelist: every column is the module's own
// expression looked up by key, every operator and aggregate a fixed fragment, every value a
// parameter. Anything the whitelist does not name is refused with 400 and the field.

type TField = { field: string; message: string };

const invalid = (fields: TField[]) =>
  new AppError(
    'VALIDATION_FAILED',
    `Invalid report: ${fields.map((f) => `${f.field} ${f.message}`).join('; ')}`,
    {
      fields,
    },
  );

/** Beside the caller's permissions, what decides the sources they may read: their company's products. */
export type TReportReach = { productCodes: readonly string[] };

const isInCompany = (source: TReportSource, { productCodes }: TReportReach) =>
  !source.product || productCodes.includes(source.product.code);

/** The sources the caller may read: the builder offers these and no other. */
export const readableSources = (auth: TAuthContext, reach: TReportReach) =>
  reportSources.filter(
    (source) =>
      isInCompany(source, reach) &&
      (source.permission === null || auth.permissions.includes(source.permission)),
  );

/**
 * The source a definition names, or 400 for an unknown one, 404 for one of a product the company
 * does not have (as the product's routes answer), and 403 for one the caller may not read.
 */
export const sourceFor = (auth: TAuthContext, reach: TReportReach, key: string) => {
  const source = reportSources.find((candidate) => candidate.key === key);
  if (!source) throw invalid([{ field: 'definition.source', message: reportMessages.unknownSource }]);
  if (source.product && !isInCompany(source, reach))
    throw new AppError('NOT_FOUND', productGateMessage(source.product.name));
  if (source.permission && !auth.permissions.includes(source.permission))
    throw new AppError('FORBIDDEN', reportMessages.sourceForbidden(source.permission));
  return source;
};

/** A date groups by its UTC day, as the audit summary counts it. */
const groupExpression = (column: TReportColumn): SQL =>
  column.type === 'date'
    ? sql`to_char((${column.expression}) at time zone 'UTC', 'YYYY-MM-DD')`
    : sql`(${column.expression})`;

const filterValueOf = (
  column: TReportColumn,
  value: string | number | null,
  field: string,
): string | number => {
  if (value === null || value === '') throw invalid([{ field, message: reportMessages.valueRequired }]);
  const type: TReportColumnType = column.type;
  if (type === 'number') {
    const number = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(number)) throw invalid([{ field, message: reportMessages.badNumber }]);
    return number;
  }
  const text = String(value);
  // shared's reading of dates: an impossible day (2026-02-30, year 0) is the field's 400, checked
  // on save and again on every run, so a sketch stored before it cannot reach PostgreSQL and 500.
  if (type === 'date' && !isCalendarDate(text) && !isDateTime(text))
    throw invalid([{ field, message: reportMessages.badDate }]);
  if (type === 'enum' && !column.values?.includes(text))
    throw invalid([{ field, message: reportMessages.badEnum }]);
  return text;
};

const conditionOf = (
  column: TReportColumn,
  operator: TReportDefinition['filters'][number]['operator'],
  rawValue: string | number | null,
  field: string,
): SQL => {
  const expression = sql`(${column.expression})`;
  if (operator === 'isEmpty')
    return column.type === 'text' ? sql`coalesce(${expression}, '') = ''` : sql`${expression} is null`;
  if (operator === 'isNotEmpty')
    return column.type === 'text' ? sql`coalesce(${expression}, '') <> ''` : sql`${expression} is not null`;
  const value = filterValueOf(column, rawValue, `${field}.value`);
  // A date-only value compares as the start of that UTC day.
  const parameter =
    column.type === 'date'
      ? sql`${isCalendarDate(String(value)) ? `${value}T00:00:00Z` : value}::timestamptz`
      : column.type === 'number'
        ? sql`${value}::numeric`
        : sql`${value}`;
  switch (operator) {
    case 'eq':
      return sql`${expression} = ${parameter}`;
    case 'neq':
      return sql`${expression} is distinct from ${parameter}`;
    case 'contains':
      return sql`${expression} ilike ${containsPattern(String(value))}`;
    case 'gt':
      return sql`${expression} > ${parameter}`;
    case 'gte':
      return sql`${expression} >= ${parameter}`;
    case 'lt':
      return sql`${expression} < ${parameter}`;
    case 'lte':
      return sql`${expression} <= ${parameter}`;
  }
};

export type TCheckedReport = {
  source: TReportSource;
  definition: TReportDefinition;
  /** The company's products when the definition was checked: the source's scope reads them. */
  reach: TReportReach;
  /** The result's columns, in order: the chosen columns, or the groups then the aggregates. */
  output: {
    key: string;
    label: string;
    type: TReportColumnType;
    valueLabels?: Readonly<Record<string, string>> | undefined;
    select: SQL;
  }[];
  where: SQL[];
  groupBy: SQL[];
  orderBy: SQL | undefined;
};

export const aggregateKeyOf = (aggregate: TReportDefinition['aggregates'][number]) =>
  aggregate.function === 'count' ? 'count' : `${aggregate.function}_${aggregate.column}`;

/**
 * Checks a definition against its source's whitelist, every field at once, and prepares the SQL
 * fragments of the run. Throws 400 naming each bad field, 403 for a source the caller may not read
 * (404 for one the company does not have).
 */
export const checkDefinition = (
  auth: TAuthContext,
  reach: TReportReach,
  definition: TReportDefinition,
): TCheckedReport => {
  const source = sourceFor(auth, reach, definition.source);
  const columnsByKey = new Map(source.columns.map((column) => [column.key, column]));
  const fields: TField[] = [];
  const columnOf = (key: string, field: string) => {
    const column = columnsByKey.get(key);
    if (!column) fields.push({ field, message: reportMessages.unknownColumn });
    return column;
  };
  const isGrouped = definition.groupBy.length > 0 || definition.aggregates.length > 0;
  const output: TCheckedReport['output'] = [];
  const groupBy: SQL[] = [];

  if (isGrouped) {
    definition.groupBy.forEach((key, index) => {
      const column = columnOf(key, `definition.groupBy.${index}`);
      if (!column) return;
      if (!column.isGroupable) {
        fields.push({ field: `definition.groupBy.${index}`, message: reportMessages.notGroupable });
        return;
      }
      const expression = groupExpression(column);
      groupBy.push(expression);
      output.push({
        key,
        label: column.label,
        type: column.type,
        valueLabels: column.valueLabels,
        select: expression,
      });
    });
    const aggregates =
      definition.aggregates.length > 0 ? definition.aggregates : [{ function: 'count' as const }];
    aggregates.forEach((aggregate, index) => {
      const field = `definition.aggregates.${index}`;
      if (aggregate.function === 'count') {
        output.push({ key: 'count', label: 'Count', type: 'number', select: sql`count(*)::int` });
        return;
      }
      const column = aggregate.column ? columnOf(aggregate.column, `${field}.column`) : undefined;
      if (!aggregate.column) fields.push({ field: `${field}.column`, message: reportMessages.valueRequired });
      if (!column) return;
      const isNumber = column.type === 'number';
      const allowed =
        aggregate.function === 'sum' || aggregate.function === 'avg'
          ? isNumber
          : isNumber || column.type === 'date';
      if (!allowed) {
        fields.push({ field: `${field}.function`, message: reportMessages.aggregateNotAllowed });
        return;
      }
      const key = aggregateKeyOf(aggregate);
      const label = `${{ sum: 'Sum', avg: 'Average', min: 'Minimum', max: 'Maximum' }[aggregate.function]} of ${column.label.toLowerCase()}`;
      const select = {
        sum: sql`sum(${column.expression})::float8`,
        avg: sql`round(avg(${column.expression})::numeric, 2)::float8`,
        min: isNumber ? sql`min(${column.expression})::float8` : sql`min(${column.expression})`,
        max: isNumber ? sql`max(${column.expression})::float8` : sql`max(${column.expression})`,
      }[aggregate.function];
      output.push({ key, label, type: isNumber ? 'number' : 'date', select });
    });
  } else {
    const keys =
      definition.columns.length > 0 ? definition.columns : source.columns.map((column) => column.key);
    keys.forEach((key, index) => {
      const column = columnOf(key, `definition.columns.${index}`);
      if (column)
        output.push({
          key,
          label: column.label,
          type: column.type,
          valueLabels: column.valueLabels,
          select: sql`(${column.expression})`,
        });
    });
  }

  const where: SQL[] = [];
  definition.filters.forEach((filter, index) => {
    const field = `definition.filters.${index}`;
    const column = columnOf(filter.column, `${field}.column`);
    if (!column) return;
    if (!reportOperatorsByType[column.type].includes(filter.operator)) {
      fields.push({ field: `${field}.operator`, message: reportMessages.operatorNotAllowed });
      return;
    }
    try {
      where.push(conditionOf(column, filter.operator, filter.value, field));
    } catch (error) {
      const details = (error as AppError).details as { fields?: TField[] } | undefined;
      fields.push(...(details?.fields ?? []));
    }
  });

  let orderBy: SQL | undefined;
  if (definition.sort) {
    const position = output.findIndex((column) => column.key === definition.sort?.column);
    if (position < 0) fields.push({ field: 'definition.sort.column', message: reportMessages.sortUnknown });
    // By position in the select list: the key itself never reaches the SQL.
    else
      orderBy = sql.raw(
        `${position + 1} ${definition.sort.direction === 'desc' ? 'desc' : 'asc'} nulls last`,
      );
  }

  if (fields.length > 0) throw invalid(fields);
  return { source, definition, reach, output, where, groupBy, orderBy };
};

/**
 * A moment as ISO 8601 in UTC. The driver hands a timestamp over as PostgreSQL writes it
 * ("2026-11-27 20:11:58.873+00"); the screen formats ISO for its reader and a CSV keeps it as is.
 * A day (a date grouped by its day) stays YYYY-MM-DD: it is the same day everywhere.
 */
const isoMomentOf = (value: string) => {
  if (isCalendarDate(value)) return value;
  const moment = new Date(value);
  return Number.isNaN(moment.getTime()) ? value : moment.toISOString();
};

const cellOf = (value: unknown, type: TReportColumnType): string | number | null => {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (type === 'date' && typeof value === 'string') return isoMomentOf(value);
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'bigint') return Number(value);
  return String(value);
};

/**
 * A grouped count of audit events by entity, action and day, filtered on those alone (a date at a
 * whole day), is answered from the daily counts rather than the million events they summarise;
 * like the source's scope, without the entity types of products the company lacks.
 */
const summaryFor = (report: TCheckedReport, companyId: string): SQL | undefined => {
  const { definition } = report;
  if (definition.source !== 'audit' || definition.groupBy.length === 0) return undefined;
  if (!definition.aggregates.every((aggregate) => aggregate.function === 'count')) return undefined;
  const summaryColumns: Record<string, SQL> = {
    entityType: sql`${auditEventDailyCounts.entityType}`,
    action: sql`${auditEventDailyCounts.action}`,
    occurredAt: sql`to_char(${auditEventDailyCounts.day}, 'YYYY-MM-DD')`,
  };
  if (!definition.groupBy.every((key) => key in summaryColumns)) return undefined;
  const conditions: SQL[] = [sql`${auditEventDailyCounts.companyId} = ${companyId}`];
  const excluded = auditEntityTypesOutside(report.reach.productCodes);
  if (excluded.length > 0) conditions.push(notInArray(auditEventDailyCounts.entityType, excluded));
  for (const filter of definition.filters) {
    const value = filter.value === null ? '' : String(filter.value);
    if (filter.column === 'occurredAt') {
      if (!isCalendarDate(value)) return undefined;
      const day = sql`${value}::date`;
      const condition = {
        gt: sql`${auditEventDailyCounts.day} >= ${day}`,
        gte: sql`${auditEventDailyCounts.day} >= ${day}`,
        lt: sql`${auditEventDailyCounts.day} < ${day}`,
        lte: sql`${auditEventDailyCounts.day} < ${day}`,
      }[filter.operator as 'gt' | 'gte' | 'lt' | 'lte'];
      // gt / lte of a date-only value mean "after" / "until" the start of that day, a moment the
      // summary's days do not split: only gte and lt are whole days.
      if (!condition || filter.operator === 'gt' || filter.operator === 'lte') return undefined;
      conditions.push(condition);
      continue;
    }
    const column = summaryColumns[filter.column];
    if (!column || (filter.operator !== 'eq' && filter.operator !== 'neq')) return undefined;
    conditions.push(filter.operator === 'eq' ? sql`${column} = ${value}` : sql`${column} <> ${value}`);
  }
  const selects = report.output.map(
    (column, index) =>
      sql`${column.key === 'count' ? sql`sum(${auditEventDailyCounts.events})::int` : (summaryColumns[column.key] ?? sql`null`)} as ${sql.raw(`c${index}`)}`,
  );
  const groups = definition.groupBy.map((key) => summaryColumns[key] as SQL);
  return sql`select ${sql.join(selects, sql`, `)} from ${auditEventDailyCounts} where ${sql.join(conditions, sql` and `)} group by ${sql.join(groups, sql`, `)}`;
};

/** A checked definition's statement in the caller's company: at most `limit` rows. */
export const reportStatementOf = (auth: TAuthContext, report: TCheckedReport, limit: number): SQL => {
  const summary = summaryFor(report, auth.companyId);
  const base =
    summary ??
    sql`select ${sql.join(
      report.output.map((column, index) => sql`${column.select} as ${sql.raw(`c${index}`)}`),
      sql`, `,
    )} from ${report.source.from} where ${sql.join(
      [
        report.source.scope({
          companyId: auth.companyId,
          userId: auth.userId,
          productCodes: report.reach.productCodes,
        }),
        ...report.where,
      ],
      sql` and `,
    )}${report.groupBy.length > 0 ? sql` group by ${sql.join(report.groupBy, sql`, `)}` : sql``}`;
  const ordered = report.orderBy ? sql`${base} order by ${report.orderBy}` : base;
  return sql`${ordered} limit ${limit}`;
};

/** A row of the statement as the result's cells, in the order of its columns. */
export const cellsOf = (report: TCheckedReport, row: Record<string, unknown>) =>
  report.output.map((column, index) => cellOf(row[`c${index}`], column.type));

/** The result's header: each column's key, label and type. */
export const columnsOf = (report: TCheckedReport) =>
  report.output.map(({ key, label, type, valueLabels }) => ({
    key,
    label,
    type,
    ...(valueLabels ? { valueLabels: { ...valueLabels } } : {}),
  }));

/** Runs a checked definition in the caller's tenant transaction: at most `limit` rows, and whether more matched. */
export const runReport = async (
  tx: Queryable,
  auth: TAuthContext,
  report: TCheckedReport,
  { limit = reportRules.maxRows }: { limit?: number } = {},
): Promise<TReportResult> => {
  const rows = (await executeRows(tx, reportStatementOf(auth, report, limit + 1))).map((row) =>
    cellsOf(report, row),
  );
  return { columns: columnsOf(report), rows: rows.slice(0, limit), isTruncated: rows.length > limit };
};
