import { ZCountry, ZCurrency, ZDropdownGroup, ZDropdownQuery, ZTimeZone } from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, requireAuth } from '../../platform/auth-context.ts';
import { dataOf, signedInErrors, ZErrorBody } from '../../platform/http.ts';
import { createCachedReference, replyWithReference, toReference } from './cached-reference.ts';
import { registerCompanyListRoutes } from './company-lists-routes.ts';
import { registerPicklistRoutes } from './picklists-routes.ts';
import { createPicklistsService } from './picklists-service.ts';
import { registerPortImportRoutes } from './port-import-routes.ts';
import { registerPortRoutes } from './ports-routes.ts';
import { listCountries, listCurrencies, listTimeZones } from './reference-data.ts';
import { registerSettingsRoutes } from './settings-routes.ts';

const notModified = { 304: z.undefined() } as const;

/** master (spec §7): the reference lists loaded after sign-in, for signed-in callers only. */
export const registerMasterServer = async (app: FastifyInstance) => {
  const countries = createCachedReference(listCountries);
  const currencies = createCachedReference(listCurrencies);
  const timeZones = createCachedReference(listTimeZones, { refreshMs: 60 * 60 * 1000 });
  // Picklists are the company's own (its copy of the defaults once it edits them): built per request.
  const picklists = createPicklistsService(app);
  // Built now so the first signed-in user does not wait for them.
  countries();
  currencies();
  timeZones();

  app.addHook('onRequest', authenticate(app));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/country',
    { schema: { response: { 200: dataOf(z.array(ZCountry)), ...notModified, ...signedInErrors } } },
    async (request, reply) => replyWithReference(request, reply, countries()),
  );
  routes.get(
    '/timezone',
    { schema: { response: { 200: dataOf(z.array(ZTimeZone)), ...notModified, ...signedInErrors } } },
    async (request, reply) => replyWithReference(request, reply, timeZones()),
  );
  routes.get(
    '/currency-list',
    { schema: { response: { 200: dataOf(z.array(ZCurrency)), ...notModified, ...signedInErrors } } },
    async (request, reply) => replyWithReference(request, reply, currencies()),
  );
  routes.get(
    '/dropdown',
    {
      schema: {
        querystring: ZDropdownQuery,
        response: {
          200: dataOf(z.array(ZDropdownGroup)),
          400: ZErrorBody,
          ...notModified,
          ...signedInErrors,
        },
      },
    },
    async (request, reply) =>
      replyWithReference(
        request,
        reply,
        toReference(await picklists.startupLists(requireAuth(request), request.query.module)),
      ),
  );
  await app.register(registerPortRoutes);
  await app.register(registerSettingsRoutes);
  await app.register(registerPicklistRoutes);
  await app.register(registerPortImportRoutes);
  await app.register(registerCompanyListRoutes);
};
