// Run by e2e/serve.mjs before the browser tests' server starts: creates its database with the demo
// companies, as the first `npm start` would, so that the operator's command can grant platform
// rights to one of them while no server holds the embedded database. It lives with the server's
// test support, not in e2e/, so the browser tests' type-check does not take in the whole server.
import { buildApp, openConfiguredDatabase } from '../src/app.ts';
import { seedDemo } from '../src/cli/demo-seed.ts';
import { loadConfig } from '../src/config.ts';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
const app = await buildApp(config, { database, logger: false });
try {
  await seedDemo(app);
} finally {
  await app.close();
  await database.close();
}
