import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { companyReference, companyRowKey, createdAtColumn, timestamptz } from './columns.ts';
import { shipments } from './freight.ts';
import { companyRowColumns } from './tenancy.ts';

// A shipment's tracking links (services/freight/tracking/, docs/decisions/051-shipment-tracking-links.md).

/**
 * A link that opens the shipment's public tracking page. Only the SHA-256 of the token's secret is
 * kept, as for API tokens: the token is shown once, when made. A link is revoked, never deleted, so
 * the shipment's history and this row agree on who shared what and until when.
 */
export const shipmentTrackingLinks = pgTable(
  'shipment_tracking_links',
  {
    ...companyRowColumns(),
    shipmentId: uuid('shipment_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    label: text('label'),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    createdBy: uuid('created_by'),
    createdByEmail: text('created_by_email'),
    createdAt: createdAtColumn(),
  },
  (table) => [
    companyRowKey(table),
    companyReference([table.companyId, table.shipmentId], shipments).onDelete('cascade'),
    index('shipment_tracking_links_shipment_idx').on(table.companyId, table.shipmentId, table.createdAt),
  ],
);
