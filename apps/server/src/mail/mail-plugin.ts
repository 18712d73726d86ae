import type { FastifyInstance } from 'fastify';

/** Outbox, worker and developer mailbox (DESIGN §8). Placeholder until the outbox lands. */
export const registerMail = async (_app: FastifyInstance) => {};
