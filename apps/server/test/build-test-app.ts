import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { openTestDatabase, type TDatabaseKind } from './databases.ts';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close: () => Promise<void>;
};

/** The real application on a fresh database, for `app.inject()` or `app.listen()` in tests. */
export const buildTestApp = async ({
  kind = 'pglite',
  environment = {},
  mail,
  notify,
  database: givenDatabase,
}: {
  kind?: TDatabaseKind;
  /** An open, migrated database to use instead of a fresh one; closed with the app. */
  database?: Database;
  environment?: Record<string, string>;
  mail?: BuildAppOptions['mail'];
  notify?: BuildAppOptions['notify'];
} = {}): Promise<TestApp> => {
  const config = loadConfig({
    DATA_DIR: path.join(os.tmpdir(), `cargodesk-test-${process.pid}`),
    LOG_LEVEL: 'silent',
    // Every test signs up and registers from 127.0.0.1; attack-concurrency.test.ts runs the default.
    SIGN_UP_LIMIT_PER_HOUR: '100000',
    // Each test user costs a hash; identity/passwords.test.ts checks the real cost.
    PASSWORD_HASH_COST: '10',
    ...environment,
  });
  const database = givenDatabase ?? (await openTestDatabase(kind, config.databaseTimeouts));
  const app = await buildApp(config, {
    database,
    logger: false,
    ...(mail ? { mail } : {}),
    ...(notify ? { notify } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
};
