import { ZCompany, ZUpdateCompanyRequest } from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate } from '../../../platform/auth/auth-context.ts';
import { dataOf, signedInErrors, ZErrorBody } from '../../../platform/http/http.ts';
import { createCompanyService } from './company-service.ts';

/** The caller's own company profile (docs/product.md §3). Other companies are not addressable at all. */
export const registerCompanyRoutes = async (app: FastifyInstance) => {
  const service = createCompanyService(app.database);
  app.addHook('onRequest', authenticate(app));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/companies/current',
    {
      config: { permission: 'company:read' },
      schema: {
        summary: 'Get the company',
        response: { 200: dataOf(ZCompany), ...signedInErrors, 404: ZErrorBody },
      },
    },
    async (request) => ({ data: await service.getCompany(request.caller) }),
  );

  routes.patch(
    '/companies/current',
    {
      config: { permission: 'company:write' },
      schema: {
        summary: 'Update the company',
        body: ZUpdateCompanyRequest,
        response: { 200: dataOf(ZCompany), 400: ZErrorBody, ...signedInErrors, 404: ZErrorBody },
      },
    },
    async (request) => ({
      data: await service.updateCompany(request.caller, request.auditActor, request.body),
    }),
  );
};
