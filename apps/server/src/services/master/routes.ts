import {
  defaultDropdowns,
  ZCountry,
  ZCurrency,
  ZDropdownGroup,
  ZDropdownQuery,
  ZTimeZone,
} from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate } from '../../platform/auth-context.ts';
import { dataOf, signedInErrors, ZErrorBody } from '../../platform/http.ts';
import { createCachedReference, replyWithReference } from './cached-reference.ts';
import { registerPortRoutes } from './ports-routes.ts';
import { listCountries, listCurrencies, listDropdowns, listTimeZones } from './reference-data.ts';
import { registerSettingsRoutes } from './settings-routes.ts';

const notModified = { 304: z.undefined() } as const;

/** master (spec §7): the reference lists loaded after sign-in, for signed-in callers only. */
export const registerMasterServer = async (app: FastifyInstance) => {
  const countries = createCachedReference(listCountries);
  const currencies = createCachedReference(listCurrencies);
  const timeZones = createCachedReference(listTimeZones, { refreshMs: 60 * 60 * 1000 });
  const dropdownLists = new Map(
    Object.keys(defaultDropdowns).map((module) => [
      module,
      createCachedReference(() => listDropdowns(module)),
    ]),
  );
  const noDropdowns = createCachedReference(() => listDropdowns(''));
  const dropdowns = (module: string) => (dropdownLists.get(module) ?? noDropdowns)();
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
    async (request, reply) => replyWithReference(request, reply, dropdowns(request.query.module)),
  );
  await app.register(registerPortRoutes);
  await app.register(registerSettingsRoutes);
};
