import { Readable } from 'node:stream';
import {
  auditEntityTypes,
  type TAuditFilter,
  ZAuditEvent,
  ZAuditFilter,
  ZAuditHistoryEvent,
  ZPageQuery,
} from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, reauthenticate } from '../../platform/auth/auth-context.ts';
import {
  listOf,
  sendCsvFile,
  signedInErrors,
  streamedResponse,
  ZErrorBody,
} from '../../platform/http/http.ts';
import { createProductGate } from '../access/public.ts';
import { createAuditService } from './service.ts';

const ZAuditQuery = ZPageQuery.omit({ q: true, sort: true }).extend(ZAuditFilter.shape);

const ZAuditHistoryQuery = ZPageQuery.omit({ q: true, sort: true }).extend({
  entityType: z.enum(auditEntityTypes),
  entityId: z.string().trim().min(1).max(100),
});

const listErrors = { 400: ZErrorBody, ...signedInErrors } as const;

/** The query's text dates as instants, for the repository. */
const filterOf = ({ from, to, ...rest }: TAuditFilter) => ({
  ...rest,
  from: from ? new Date(from) : undefined,
  to: to ? new Date(to) : undefined,
});

/** audit (docs/product.md §7): the company's audit trail, and one entity's history for the History drawer. */
export const registerAuditRoutes = async (app: FastifyInstance) => {
  const products = createProductGate({ db: app.database.db, changes: app.changes });
  const service = createAuditService({ db: app.database.db, changes: app.changes, products });
  app.addHook('onRequest', authenticate(app));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/audit',
    {
      config: { permission: 'audit:read' },
      schema: {
        summary: 'List audit events',
        querystring: ZAuditQuery,
        response: { 200: listOf(ZAuditEvent), ...listErrors },
      },
    },
    async (request) => {
      const { page, pageSize, ...filter } = request.query;
      return service.list(request.caller, filterOf(filter), { page, pageSize });
    },
  );

  routes.get(
    '/audit/export',
    {
      config: { permission: 'audit:read' },
      schema: {
        summary: 'Export the audit events of a filter as CSV (the export is audited)',
        querystring: ZAuditFilter,
        response: { 200: streamedResponse('text/csv', 'The events of the filter, as CSV'), ...listErrors },
      },
    },
    async (request, reply) =>
      sendCsvFile(
        reply,
        'audit-log.csv',
        Readable.from(
          service.exportCsv(request.caller, request.auditActor, filterOf(request.query), () =>
            reauthenticate(app, request, 'audit:read'),
          ),
        ),
      ),
  );

  routes.get(
    '/audit-history',
    {
      config: { permission: 'audit:read' },
      schema: {
        summary: 'List one entity’s history',
        querystring: ZAuditHistoryQuery,
        response: { 200: listOf(ZAuditHistoryEvent), ...listErrors },
      },
    },
    async (request) => {
      const { page, pageSize, entityType, entityId } = request.query;
      return service.history(request.caller, { entityType, entityId }, { page, pageSize });
    },
  );
};
