import { openConfiguredDatabase } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { DatabaseOpenError } from '../db/database-errors.ts';

// `npm run migrate`: applies pending migrations to the configured database, then exits.
try {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  await database.close();
  console.log(
    `cargodesk: migrations applied (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`})`,
  );
} catch (error) {
  const known = error instanceof ConfigError || error instanceof DatabaseOpenError;
  console.error(known ? `cargodesk: ${(error as Error).message}` : error);
  process.exit(1);
}
