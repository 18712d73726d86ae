import { ZProduct } from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate } from '../../../platform/auth/auth-context.ts';
import { withTenant } from '../../../platform/data-access/tenant-transaction.ts';
import { dataOf, signedInErrors } from '../../../platform/http/http.ts';
import { toProduct } from '../mappers.ts';
import { findCompanyProducts } from '../repository.ts';

/** The products the caller's company has (`/iamserver/api/v1/products`), for any signed-in user. */
export const registerProductRoutes = async (app: FastifyInstance) => {
  app.addHook('onRequest', authenticate(app));
  app.withTypeProvider<ZodTypeProvider>().get(
    '/products',
    {
      schema: {
        summary: 'List the products',
        response: { 200: dataOf(z.array(ZProduct)), ...signedInErrors },
      },
    },
    async (request) => {
      const { companyId } = request.caller;
      const rows = await withTenant(app.database.db, companyId, (tx) => findCompanyProducts(tx, companyId));
      return { data: rows.map(toProduct) };
    },
  );
};
