import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyReference, companyRowKey, rowTimestamps, timestamptz } from './columns.ts';
import { shipments } from './freight.ts';
import { companyRowColumns } from './tenancy.ts';

// The freight module's documents (services/freight/documents/, docs/decisions/049-shipment-documents.md).

/**
 * A transport document of a shipment: a kind (house bill of lading, sea waybill, house air
 * waybill, booking confirmation, arrival notice) in a version, moving through DCSA eBL 3.0's
 * statuses. A draft is filled live from the shipment with its template; on issue the PDF is printed
 * once and kept as a file of the company with its SHA-256, which every re-print serves. The
 * template and file are other modules' rows: no foreign key points into them.
 */
export const shipmentDocuments = pgTable(
  'shipment_documents',
  {
    ...companyRowColumns(),
    shipmentId: uuid('shipment_id').notNull(),
    kind: text('kind').notNull(),
    /** 1, 2, … per kind and shipment: a new version follows a void. */
    version: integer('version').notNull(),
    /** DCSA eBL 3.0 (packages/shared/src/freight/transport-documents.ts). */
    status: text('status').notNull(),
    templateId: uuid('template_id').notNull(),
    templateName: text('template_name').notNull(),
    templateLanguage: text('template_language').notNull(),
    /** The template version printed on issue. */
    templateVersionId: uuid('template_version_id'),
    templateVersionNumber: integer('template_version_number'),
    fileId: uuid('file_id'),
    fileName: text('file_name'),
    fileSize: integer('file_size'),
    fileSha256: text('file_sha256'),
    ...rowTimestamps(),
    createdBy: uuid('created_by'),
    createdByEmail: text('created_by_email'),
    approvedAt: timestamptz('approved_at'),
    approvedBy: uuid('approved_by'),
    approvedByEmail: text('approved_by_email'),
    issuedAt: timestamptz('issued_at'),
    issuedBy: uuid('issued_by'),
    issuedByEmail: text('issued_by_email'),
    voidedAt: timestamptz('voided_at'),
    voidedBy: uuid('voided_by'),
    voidedByEmail: text('voided_by_email'),
  },
  (table) => [
    companyRowKey(table),
    companyReference([table.companyId, table.shipmentId], shipments).onDelete('cascade'),
    uniqueIndex('shipment_documents_version_key').on(
      table.companyId,
      table.shipmentId,
      table.kind,
      table.version,
    ),
    // One live document per kind: a second draft while one is open would be two bills for one shipment.
    uniqueIndex('shipment_documents_open_key')
      .on(table.companyId, table.shipmentId, table.kind)
      .where(sql`${table.status} not in ('VOID', 'SURRENDER_FOR_DELIVERY')`),
    index('shipment_documents_shipment_idx').on(table.companyId, table.shipmentId, table.createdAt),
  ],
);
