import {
  auditActions,
  auditEntityTypes,
  ZAuditEvent,
  ZAuditHistoryEvent,
  ZPageQuery,
} from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, requireAuth } from '../../platform/auth-context.ts';
import { listOf, signedInErrors, ZErrorBody } from '../../platform/http.ts';
import { createLogService } from './service.ts';

const ZAuditQuery = ZPageQuery.omit({ q: true, sort: true }).extend({
  entityType: z.enum(auditEntityTypes).optional(),
  action: z.enum(auditActions).optional(),
  actorUserId: z.uuid().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

const ZAuditHistoryQuery = ZPageQuery.omit({ q: true, sort: true }).extend({
  entityType: z.enum(auditEntityTypes),
  entityId: z.string().trim().min(1).max(100),
});

const listErrors = { 400: ZErrorBody, ...signedInErrors } as const;

/** logserver (docs/product.md §7): the company's audit trail, and one entity's history for the History drawer. */
export const registerLogServer = async (app: FastifyInstance) => {
  const service = createLogService({ db: app.database.db, changes: app.changes });
  app.addHook('onRequest', authenticate(app));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/audit',
    {
      config: { permission: 'audit:read' },
      schema: { querystring: ZAuditQuery, response: { 200: listOf(ZAuditEvent), ...listErrors } },
    },
    async (request) => {
      const { page, pageSize, from, to, ...filter } = request.query;
      return service.list(
        requireAuth(request),
        { ...filter, from: from ? new Date(from) : undefined, to: to ? new Date(to) : undefined },
        { page, pageSize },
      );
    },
  );

  routes.get(
    '/audit-history',
    {
      config: { permission: 'audit:read' },
      schema: {
        querystring: ZAuditHistoryQuery,
        response: { 200: listOf(ZAuditHistoryEvent), ...listErrors },
      },
    },
    async (request) => {
      const { page, pageSize, entityType, entityId } = request.query;
      return service.history(requireAuth(request), { entityType, entityId }, { page, pageSize });
    },
  );
};
