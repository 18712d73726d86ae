import { openConfiguredDatabase } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { DatabaseOpenError } from '../db/database-errors.ts';
import { runPlatformAdminCommand } from '../identity/platform-admin-command.ts';
import { projectNameForHost } from '../identity/projects.ts';

// `npm run platform-admin -- add|remove|list [EMAIL]`: grants this installation's platform rights
// on the configured database. With the embedded database, stop the server first (one process per
// data directory).
try {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    const { exitCode, output } = await runPlatformAdminCommand(database.db, {
      args: process.argv.slice(2),
      defaultProject: projectNameForHost(new URL(config.publicUrl).hostname, config.productionHost),
    });
    (exitCode === 0 ? console.log : console.error)(output);
    process.exitCode = exitCode;
  } finally {
    await database.close();
  }
} catch (error) {
  const known = error instanceof ConfigError || error instanceof DatabaseOpenError;
  console.error(known ? `cargodesk: ${(error as Error).message}` : error);
  process.exitCode = 1;
}
