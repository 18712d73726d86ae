import type { FastifyInstance } from 'fastify';

/** Printed once the server listens: where it is and how to sign in to the demo. */
export const onStarted = async (app: FastifyInstance) => {
  const lines = [`Cargodesk is running at ${app.config.publicUrl}`];
  console.log(['', ...lines.map((line) => `  ${line}`), ''].join('\n'));
};
