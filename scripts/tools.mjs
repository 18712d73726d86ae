import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const rootDir = fileURLToPath(new URL('..', import.meta.url));
export const webDir = path.join(rootDir, 'apps/web');
export const serverEntry = path.join(rootDir, 'apps/server/src/main.ts');
export const serverDistDir = path.join(rootDir, 'apps/server/dist');
export const sharedDistDir = path.join(rootDir, 'packages/shared/dist');
export const serverBuildStamp = path.join(serverDistDir, '.build-stamp');
/**
 * Node flags of the compiled server and its CLIs. The export condition points @cargodesk/shared at
 * its dist. A young generation of 4 MB semi-spaces instead of V8's 16: a request's garbage dies
 * young either way, and under load the server then grows less. `--expose-gc` lets the server give
 * its garbage back once it goes quiet after a busy spell (platform/runtime/idle-collection.ts;
 * docs/operations.md, `npm run bench -- api`). `--liftoff-only` keeps the embedded PGlite's
 * WebAssembly as baseline code, never compiled twice (docs/decisions/011-embedded-database-within-its-memory.md).
 */
export const compiledNodeFlags = [
  '--conditions=cargodesk-compiled',
  '--max-semi-space-size=4',
  '--expose-gc',
  '--liftoff-only',
];
/**
 * The compiled server's environment: glibc's allocator settings, unless `environment` sets its own.
 * Buffers outside V8's heap (PGlite's protocol messages, a file being imported) come from glibc.
 * By default it raises the size it maps memory directly from after each large buffer is freed,
 * keeping the next large buffers in its own heap, whose freed memory stays resident, and gives
 * threads arenas of their own. With a fixed 128 KB and two arenas, a 100,000-row import on PGlite
 * peaked some 20 MB lower (docs/operations.md, "Memory").
 */
export const compiledNodeEnvironment = (environment) => ({
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  ...environment,
});
export const compiledEntry = (name) => path.join(serverDistDir, `${name}.js`);

/** The loader that lets plain `node` run the server's TypeScript. */
export const tsxLoader = import.meta.resolve('tsx');

const require = createRequire(import.meta.url);

/** A package's command-line script inside node_modules, so that no global tool is needed. */
export const resolveBin = (packageName, binName = packageName) => {
  const manifestPath = require.resolve(`${packageName}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifestPath, 'utf8'));
  return path.join(path.dirname(manifestPath), typeof bin === 'string' ? bin : bin[binName]);
};

export const spawnNode = (args, options = {}) =>
  spawn(process.execPath, args, { cwd: rootDir, stdio: 'inherit', ...options });

/** Resolves with the child's exit code, or 128 + the signal number when a signal ended it. */
export const waitForExit = (child) =>
  new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? 128 + (constants.signals[signal] ?? 0)));
  });

/**
 * The demo and development read verification links and two-factor codes in the developer mailbox,
 * so `npm start` and `npm run dev` open it unless the environment decides otherwise. With SMTP_URL
 * set mail really leaves (and the server refuses the mailbox), so it stays closed.
 */
export const withDevMailbox = (environment) =>
  environment.DEV_MAILBOX || environment.SMTP_URL ? environment : { ...environment, DEV_MAILBOX: 'true' };

export const stopSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'];

// Sources whose change makes apps/web/dist stale; shared is in because the web app imports it.
const webSources = [
  path.join(webDir, 'src'),
  path.join(webDir, 'index.html'),
  path.join(webDir, 'vite.config.ts'),
  path.join(webDir, 'package.json'),
  path.join(rootDir, 'packages/shared/src'),
];

const newestChange = (entry) => {
  const stats = statSync(entry, { throwIfNoEntry: false });
  if (!stats?.isDirectory()) return stats?.mtimeMs ?? 0;
  // A directory's own mtime moves when a file in it is deleted or renamed.
  return readdirSync(entry).reduce(
    (newest, name) => Math.max(newest, newestChange(path.join(entry, name))),
    stats.mtimeMs,
  );
};

const isStale = (builtFile, sources) => {
  const built = statSync(builtFile, { throwIfNoEntry: false });
  return !built || sources.some((source) => newestChange(source) > built.mtimeMs);
};

export const isWebBuildStale = () => isStale(path.join(webDir, 'dist/index.html'), webSources);

// Sources whose change makes the compiled server stale: its code, shared's, and how both compile.
const serverSources = [
  path.join(rootDir, 'apps/server/src'),
  path.join(rootDir, 'apps/server/tsconfig.json'),
  path.join(rootDir, 'apps/server/tsconfig.build.json'),
  path.join(rootDir, 'packages/shared/src'),
  path.join(rootDir, 'packages/shared/tsconfig.json'),
  path.join(rootDir, 'packages/shared/tsconfig.build.json'),
  path.join(rootDir, 'packages/shared/package.json'),
  path.join(rootDir, 'tsconfig.base.json'),
  path.join(rootDir, 'scripts/build-server.mjs'),
];

export const isServerBuildStale = () => isStale(serverBuildStamp, serverSources);
