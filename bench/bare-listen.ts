import type { FastifyInstance } from 'fastify';

// How each bare server starts: on a free port of 127.0.0.1, printing its address for startBare
// (rounds.ts) to read, and closing its database as it stops.
export const listenUntilStopped = async (app: FastifyInstance, closeDatabase: () => Promise<void>) => {
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  console.log(`bare server at ${address}`);
  process.on('SIGTERM', () => {
    void (async () => {
      await app.close();
      await closeDatabase();
      process.exit(0);
    })();
  });
};
