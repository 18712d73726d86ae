import { ZCountry, ZCurrency, ZTimeZone, ZUtcOffset } from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, signedInErrors } from '../../../platform/http/http.ts';
import { notModified, replyWithReference } from './cached-reference.ts';
import { createReferenceService } from './service.ts';

/**
 * The global reference lists (countries, time zones and their UTC offsets, currencies), for signed-in callers only; the
 * same for everyone, so API tokens may read them too.
 */
export const registerReferenceRoutes = async (app: FastifyInstance) => {
  const service = createReferenceService();
  service.warm();
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const openToApiTokens = { isOpenToApiTokens: true } as const;
  routes.get(
    '/country',
    {
      config: openToApiTokens,
      schema: {
        summary: 'List countries',
        response: { 200: dataOf(z.array(ZCountry)), ...notModified, ...signedInErrors },
      },
    },
    async (request, reply) => replyWithReference(request, reply, service.countries()),
  );
  routes.get(
    '/timezone',
    {
      config: openToApiTokens,
      schema: {
        summary: 'List time zones',
        response: { 200: dataOf(z.array(ZTimeZone)), ...notModified, ...signedInErrors },
      },
    },
    async (request, reply) => replyWithReference(request, reply, service.timeZones()),
  );
  routes.get(
    '/timezone-utc',
    {
      config: openToApiTokens,
      schema: {
        summary: 'List the UTC offsets in force today, with their zones',
        response: { 200: dataOf(z.array(ZUtcOffset)), ...notModified, ...signedInErrors },
      },
    },
    async (request, reply) => replyWithReference(request, reply, service.utcOffsets()),
  );
  routes.get(
    '/currency-list',
    {
      config: openToApiTokens,
      schema: {
        summary: 'List currencies',
        response: { 200: dataOf(z.array(ZCurrency)), ...notModified, ...signedInErrors },
      },
    },
    async (request, reply) => replyWithReference(request, reply, service.currencies()),
  );
};
