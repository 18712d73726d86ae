// Before the browser tests' server starts: create its database with the demo companies, as the
// first `npm start` would, so that the operator's command can grant platform rights to one of
// them while no server holds the embedded database.
import { buildApp, openConfiguredDatabase } from '../apps/server/src/app.ts';
import { seedDemo } from '../apps/server/src/cli/demo-seed.ts';
import { loadConfig } from '../apps/server/src/config.ts';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
const app = await buildApp(config, { database, logger: false });
try {
  await seedDemo(app);
} finally {
  await app.close();
  await database.close();
}
