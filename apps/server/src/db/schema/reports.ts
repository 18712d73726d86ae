import type { TReportDefinition, TReportScheduleFrequency } from '@cargodesk/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './iam.ts';
import { companyIdColumn } from './tenancy.ts';

// reportserver's tables (docs/decisions/019-report-charts.md).

/** A saved report definition: its owner's alone, or shared with the whole company. */
export const reportSketches = pgTable(
  'report_sketches',
  {
    companyId: companyIdColumn(),
    id: uuid('id').notNull(),
    name: text('name').notNull(),
    ownerId: uuid('owner_id').notNull(),
    isShared: boolean('is_shared').notNull().default(false),
    /** Copied out of the definition so the list filters and shows them without reading it. */
    source: text('source').notNull(),
    chart: text('chart').notNull(),
    definition: jsonb('definition').$type<TReportDefinition>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    foreignKey({
      columns: [table.companyId, table.ownerId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
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
    pinnedAt: timestamp('pinned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.userId, table.sketchId] }),
    foreignKey({
      columns: [table.companyId, table.sketchId],
      foreignColumns: [reportSketches.companyId, reportSketches.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [table.companyId, table.userId],
      foreignColumns: [users.companyId, users.id],
    }).onDelete('cascade'),
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
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.sketchId] }),
    foreignKey({
      columns: [table.companyId, table.sketchId],
      foreignColumns: [reportSketches.companyId, reportSketches.id],
    }).onDelete('cascade'),
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
