// `npm run build` (and `npm start` when stale): compiles packages/shared and apps/server to plain
// JavaScript in their dist folders, so the server runs without a TypeScript compiler at run time
// (docs/operations.md). Type checking stays with `npm run typecheck`; this only emits.
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  resolveBin,
  rootDir,
  serverBuildStamp,
  serverDistDir,
  sharedDistDir,
  spawnNode,
  waitForExit,
} from './tools.mjs';

const tsc = resolveBin('typescript', 'tsc');
const compile = async (project) => {
  const code = await waitForExit(spawnNode([tsc, '-p', project]));
  if (code !== 0) {
    console.error(`cargodesk: compiling ${project} failed (exit ${code})`);
    process.exit(code);
  }
};

// A fresh folder each time: a deleted source must not live on as a stale .js file.
rmSync(serverDistDir, { recursive: true, force: true });
rmSync(sharedDistDir, { recursive: true, force: true });
await compile('packages/shared/tsconfig.build.json');
await compile('apps/server/tsconfig.build.json');

// Files the server reads next to its modules at run time; the same relative layout as src/.
const serverSrc = path.join(rootDir, 'apps/server/src');
for (const data of ['db/migrations', 'db/seed/data', 'platform/http/api-docs-theme.css']) {
  cpSync(path.join(serverSrc, data), path.join(serverDistDir, data), { recursive: true });
}
// Written last: an interrupted build leaves no stamp, so the next `npm start` builds again.
writeFileSync(serverBuildStamp, `${new Date().toISOString()}\n`);
