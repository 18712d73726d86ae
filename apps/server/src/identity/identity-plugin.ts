import type { FastifyInstance } from 'fastify';

/** Identity Toolkit–compatible provider (DESIGN §5). Placeholder until the provider lands. */
export const registerIdentity = async (_app: FastifyInstance) => {};
