import type { TReportDefinition, TReportScheduleFrequency } from '@cargodesk/shared';
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { companyReference, companyRowKey, rowTimestamps, timestamptz } from './columns.ts';
import { users } from './iam.ts';
import { companyIdColumn, companyRowColumns } from './tenancy.ts';

// reports's tables (docs/decisions/019-report-charts.md).

/** A saved report definition: its owner's alone, or shared with the whole company. */
export const reportSketches = pgTable(
  'report_sketches',
  {
    ...companyRowColumns(),
    name: text('name').notNull(),
    ownerId: uuid('owner_id').notNull(),
    isShared: boolean('is_shared').notNull().default(false),
    /** Copied out of the definition so the list filters and shows them without reading it. */
    source: text('source').notNull(),
    chart: text('chart').notNull(),
    definition: jsonb('definition').$type<TReportDefinition>().notNull(),
    ...rowTimestamps(),
  },
  (table) => [
    companyRowKey(table),
    companyReference([table.companyId, table.ownerId], users).onDelete('cascade'),
    index('report_sketches_owner_idx').on(table.companyId, table.ownerId, table.updatedAt),
    index('report_sketches_shared_idx').on(table.companyId, table.updatedAt).where(sql`${table.isShared}`),
  ],
);

/** The reports a user pinned to the dashboard (at most four). */
export const reportSketchPins = pgTable(
  'report_sketch_pins',
  {
    companyId: companyIdColumn(),
    userId: uuid('user_id').notNull(),
    sketchId: uuid('sketch_id').notNull(),
    pinnedAt: timestamptz('pinned_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.userId, table.sketchId] }),
    companyReference([table.companyId, table.sketchId], reportSketches).onDelete('cascade'),
    companyReference([table.companyId, table.userId], users).onDelete('cascade'),
  ],
);

/** A report's delivery by mail; claimed by one instance at a time through `locked_until`. */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    companyId: companyIdColumn(),
    sketchId: uuid('sketch_id').notNull(),
    frequency: text('frequency').$type<TReportScheduleFrequency>().notNull(),
    recipientIds: uuid('recipient_ids').array().notNull(),
    nextRunAt: timestamptz('next_run_at').notNull(),
    lastRunAt: timestamptz('last_run_at'),
    lockedUntil: timestamptz('locked_until'),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.sketchId] }),
    companyReference([table.companyId, table.sketchId], reportSketches).onDelete('cascade'),
    index('report_schedules_due_idx').on(table.nextRunAt),
  ],
);

/**
 * Audit events counted per company, UTC day, entity type and action, kept by a trigger on
 * audit_events (migration 0047): a grouped count of a million events reads a few thousand rows.
 */
export const auditEventDailyCounts = pgTable(
  'audit_event_daily_counts',
  {
    companyId: companyIdColumn(),
    day: date('day').notNull(),
    entityType: text('entity_type').notNull(),
    action: text('action').notNull(),
    events: bigint('events', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.day, table.entityType, table.action] })],
);
