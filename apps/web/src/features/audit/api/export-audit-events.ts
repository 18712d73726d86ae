import type { TAuditFilter } from '@cargodesk/shared';
import { apiBlobRequest } from '@/lib/api-client.ts';

/**
 * GET /logserver/api/v1/audit/export: every event of the filter as CSV, written by the server (a
 * trail can hold far more rows than a browser should page through), which records the export too.
 */
export const downloadAuditCsv = (filter: TAuditFilter) =>
  apiBlobRequest('logserver', '/audit/export', { query: filter, timeoutMs: 10 * 60_000 });
