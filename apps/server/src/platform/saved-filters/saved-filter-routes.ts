import { type TPermission, ZSavedFilter } from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, signedInErrors, ZErrorBody } from '../http/http.ts';
import type { createSavedFiltersService } from './saved-filters-service.ts';

const errors = { ...signedInErrors, 400: ZErrorBody, 404: ZErrorBody } as const;
const ZIdParams = z.object({ id: z.uuid({ error: 'must be an id' }) }).strict();

/**
 * A list's three saved-filter routes under `path` (`/contact-filters`): list, save, delete. Each needs
 * the list's read permission; the service asks for the write one to share.
 */
export const registerSavedFilterRoutes = (
  app: FastifyInstance,
  {
    path,
    noun,
    readPermission,
    input,
    service,
  }: {
    path: string;
    /** The list's things, for the API's summaries: "contact", "shipment". */
    noun: string;
    readPermission: TPermission;
    /** The list's input schema: savedFilterInputOf(its saved query). */
    input: z.ZodType<{ name: string; query: Record<string, unknown>; isShared: boolean }>;
    service: ReturnType<typeof createSavedFiltersService>;
  },
) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = { permission: readPermission } as const;
  routes.get(
    path,
    {
      config: read,
      schema: {
        summary: `List your saved ${noun} filters and those shared with you`,
        response: { 200: dataOf(z.array(ZSavedFilter)), ...errors },
      },
    },
    async (request) => ({ data: await service.list(request.caller) }),
  );
  routes.post(
    path,
    {
      config: read,
      schema: {
        summary: `Save the ${noun} list’s filters under a name`,
        body: input,
        response: { 201: dataOf(ZSavedFilter), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.create(request.caller, request.auditActor, request.body) }),
  );
  routes.delete(
    `${path}/:id`,
    {
      config: read,
      schema: {
        summary: `Delete a saved ${noun} filter`,
        params: ZIdParams,
        response: { 200: dataOf(z.object({ deleted: z.literal(true) })), ...errors },
      },
    },
    async (request) => {
      await service.remove(request.caller, request.auditActor, request.params.id);
      return { data: { deleted: true as const } };
    },
  );
};
