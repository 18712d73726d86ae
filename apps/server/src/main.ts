import type { FastifyInstance } from 'fastify';
import { buildApp, openConfiguredDatabase } from './app.ts';
import { seedDemo } from './cli/demo-seed.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DatabaseOpenError } from './db/database-errors.ts';
import { startIdleCollection } from './platform/runtime/idle-collection.ts';
import { printStartBanner } from './start-banner.ts';

/** Start-up failures a user can fix print one line and exit non-zero; anything else is a bug. */
const failStart = (error: unknown): never => {
  const known = error instanceof ConfigError || error instanceof DatabaseOpenError;
  console.error(known ? `cargodesk: ${(error as Error).message}` : error);
  process.exit(1);
};

const start = async () => {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  let app: FastifyInstance;
  try {
    app = await buildApp(config, { database });
    app.addHook('onClose', async () => database.close());
    await app.listen({
      port: config.port,
      host: config.host,
      // The socket's address and the one a browser opens (the banner's) in one line, not two that differ.
      listenTextResolver: (address) => `Server listening at ${address}, open it at ${config.publicUrl}`,
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  const demoLogin = config.seedDemo ? await seedDemo(app) : undefined;
  printStartBanner(app, demoLogin);
  startIdleCollection();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const forceExit = setTimeout(() => {
      console.error('cargodesk: shutdown took over 10 s, exiting anyway');
      process.exit(1);
    }, 10_000);
    forceExit.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
};

start().catch(failStart);
