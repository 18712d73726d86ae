import type { FastifyInstance } from 'fastify';

/** Serves the built SPA with the runtime config injected. Placeholder until the web app lands. */
export const registerWebApp = async (_app: FastifyInstance) => {};
