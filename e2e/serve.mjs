// The browser tests' server: the demo data, the operator's `npm run platform-admin -- add` for the
// demo admin (the catalogue import needs a platform administrator), then `npm start` itself.
import { rootDir, spawnNode, stopSignals, tsxLoader, waitForExit } from '../scripts/tools.mjs';

const operatorEmail = process.env.CARGODESK_E2E_OPERATOR ?? 'admin@demo-freight.test';
let child;
for (const signal of stopSignals) process.on(signal, () => child?.kill(signal));

const run = async (args) => {
  child = spawnNode(args, { cwd: rootDir });
  const code = await waitForExit(child);
  if (code !== 0) process.exit(code);
};

await run(['--import', tsxLoader, 'apps/server/test/e2e-data-dir.ts']);
await run(['--import', tsxLoader, 'apps/server/src/cli/platform-admin.ts', 'add', operatorEmail]);
await run(['scripts/start.mjs']);
