import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyReference, companyRowKey, timestamptz } from './columns.ts';
import { shipments } from './freight.ts';
import { companyRowColumns } from './tenancy.ts';

// A shipment's milestones (services/freight/events/, docs/decisions/048-shipment-events.md).

/**
 * One event of a shipment: a DCSA Track & Trace code by sea or an IATA status code by air, planned,
 * estimated or actual. Rows are only ever added (migration 0066 grants the request role no update
 * or delete): a correction is a retraction, a row whose `retracts_event_id` names the event it
 * takes back, as DCSA Track & Trace 3.0 retracts an event.
 */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    ...companyRowColumns(),
    shipmentId: uuid('shipment_id').notNull(),
    /** TRANSPORT, EQUIPMENT or SHIPMENT (DCSA), or AIR (IATA); the code says which. */
    eventType: text('event_type').notNull(),
    eventCode: text('event_code').notNull(),
    classifier: text('classifier', { enum: ['PLN', 'EST', 'ACT'] }).notNull(),
    eventAt: timestamptz('event_at').notNull(),
    /** A catalogue code (UN/LOCODE or IATA airport) and the zone its time shows in, kept as recorded. */
    location: text('location'),
    timezone: text('timezone'),
    /** The ISO 6346 number an equipment event is about: one of the shipment's containers when recorded. */
    containerNumber: text('container_number'),
    pieces: integer('pieces'),
    note: text('note'),
    /** `person` (the screen), `import` (a file) or `api` (an API token). */
    source: text('source', { enum: ['person', 'import', 'api'] }).notNull(),
    recordedBy: uuid('recorded_by'),
    recordedByEmail: text('recorded_by_email'),
    recordedAt: timestamptz('recorded_at').notNull().defaultNow(),
    retractsEventId: uuid('retracts_event_id'),
  },
  (table) => [
    companyRowKey(table),
    companyReference([table.companyId, table.shipmentId], shipments).onDelete('cascade'),
    foreignKey({
      columns: [table.companyId, table.retractsEventId],
      foreignColumns: [table.companyId, table.id],
      name: 'shipment_events_retracts_fk',
    }),
    index('shipment_events_shipment_idx').on(table.companyId, table.shipmentId, table.eventAt),
    // An event is taken back once: a second retraction, even at the same moment, is refused here.
    uniqueIndex('shipment_events_retraction_key')
      .on(table.companyId, table.retractsEventId)
      .where(sql`${table.retractsEventId} is not null`),
  ],
);
