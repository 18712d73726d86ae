import type { FastifyInstance, RouteOptions } from 'fastify';

/** One registered route as the route-matrix test and the API reference need it. */
export type TRouteEntry = Pick<RouteOptions, 'method' | 'url' | 'config' | 'schema'>;

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: TRouteEntry[];
  }
}

/** Records every route registered after it, with its declared permission and schemas. */
export const registerRouteTable = (app: FastifyInstance) => {
  const table: TRouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', ({ method, url, config, schema }) => {
    table.push({ method, url, config, schema });
  });
};
