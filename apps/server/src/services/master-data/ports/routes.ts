import {
  portKinds,
  type TPortKind,
  ZCustomPortInput,
  ZCustomPortUpdate,
  ZPortCodeParams,
  ZPortEntry,
  ZPortListQuery,
} from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, listOf, signedInErrors, ZErrorBody } from '../../../platform/http/http.ts';
import { createPortsService } from './service.ts';

const portErrors = { ...signedInErrors, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody } as const;

/**
 * Ocean ports and airports (docs/product.md §7 `/oceanport/`, `/airport/`, `/{port}`): the same routes under each
 * kind's segment. Reading needs ports:read; custom entries and favourites need ports:write.
 */
/** How the API reference names one entry and several of each kind. */
const portNouns: Record<TPortKind, { one: string; many: string }> = {
  oceanport: { one: 'an ocean port', many: 'ocean ports' },
  airport: { one: 'an airport', many: 'airports' },
};

export const registerPortRoutes = async (app: FastifyInstance) => {
  const service = createPortsService(app.database, app.changes);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  for (const kind of portKinds) {
    const { one, many } = portNouns[kind];
    routes.get(
      `/${kind}`,
      {
        config: { permission: 'ports:read' },
        schema: {
          summary: `List ${many}`,
          querystring: ZPortListQuery,
          response: { 200: listOf(ZPortEntry), ...portErrors },
        },
      },
      async (request) => service.list(request.caller, kind, request.query),
    );
    routes.get(
      `/${kind}/:code`,
      {
        config: { permission: 'ports:read' },
        schema: {
          summary: `Get ${one}`,
          params: ZPortCodeParams,
          response: { 200: dataOf(ZPortEntry), ...portErrors },
        },
      },
      async (request) => ({ data: await service.get(request.caller, kind, request.params.code) }),
    );
    routes.post(
      `/${kind}`,
      {
        config: { permission: 'ports:write' },
        schema: {
          summary: `Create ${one}`,
          body: ZCustomPortInput,
          response: { 201: dataOf(ZPortEntry), ...portErrors },
        },
      },
      async (request, reply) => {
        const entry = await service.create(request.caller, request.auditActor, kind, request.body);
        return reply.status(201).send({ data: entry });
      },
    );
    routes.patch(
      `/${kind}/:code`,
      {
        config: { permission: 'ports:write' },
        schema: {
          summary: `Update ${one}`,
          params: ZPortCodeParams,
          body: ZCustomPortUpdate,
          response: { 200: dataOf(ZPortEntry), ...portErrors },
        },
      },
      async (request) => ({
        data: await service.update(
          request.caller,
          request.auditActor,
          kind,
          request.params.code,
          request.body,
        ),
      }),
    );
    routes.delete(
      `/${kind}/:code`,
      {
        config: { permission: 'ports:write' },
        schema: {
          summary: `Delete ${one}`,
          params: ZPortCodeParams,
          response: { 200: dataOf(z.object({ deleted: z.literal(true) })), ...portErrors },
        },
      },
      async (request) => ({
        data: await service.remove(request.caller, request.auditActor, kind, request.params.code),
      }),
    );
    for (const [method, isFavourite] of [
      ['put', true],
      ['delete', false],
    ] as const) {
      routes[method](
        `/${kind}/:code/favourite`,
        {
          config: { permission: 'ports:write' },
          schema: {
            summary: isFavourite
              ? `Mark ${one} as favourite`
              : `Unmark a favourite ${one.replace(/^an? /, '')}`,
            params: ZPortCodeParams,
            response: { 200: dataOf(ZPortEntry), ...portErrors },
          },
        },
        async (request) => ({
          data: await service.setFavourite(
            request.caller,
            request.auditActor,
            kind,
            request.params.code,
            isFavourite,
          ),
        }),
      );
    }
  }
};
