// `npm start`: builds the web app and the server when their builds are missing or stale, then runs
// the compiled server in the foreground (docs/operations.md). Signals go on to the running child,
// and its exit code becomes this process's.
import {
  compiledEntry,
  compiledNodeEnvironment,
  compiledNodeFlags,
  isServerBuildStale,
  isWebBuildStale,
  resolveBin,
  spawnNode,
  stopSignals,
  waitForExit,
  webDir,
  withDevMailbox,
} from './tools.mjs';

let child;
for (const signal of stopSignals) process.on(signal, () => child?.kill(signal));

const run = (args, options) => {
  child = spawnNode(args, options);
  return waitForExit(child);
};

// A first start builds for a minute or more on a small machine: each step says what it does and
// how long it took, so a quiet terminal never reads as a hung one.
const build = async (what, args, options) => {
  const started = Date.now();
  const code = await run(args, options);
  if (code !== 0) {
    console.error(`cargodesk: the ${what} build failed (exit ${code})`);
    process.exit(code);
  }
  console.log(`cargodesk: built the ${what} in ${Math.round((Date.now() - started) / 1000)} s`);
};

if (isWebBuildStale()) {
  console.log(
    'cargodesk: building the web app, since apps/web/dist is missing or older than its sources (up to a minute)',
  );
  await build('web app', [resolveBin('vite'), 'build', '--logLevel', 'warn'], { cwd: webDir });
}
if (isServerBuildStale()) {
  console.log('cargodesk: building the server, since apps/server/dist is missing or older than its sources');
  await build('server', ['scripts/build-server.mjs']);
}
console.log(
  'cargodesk: starting the server (a first start creates the database and loads the reference data)',
);

process.exit(
  await run([...compiledNodeFlags, compiledEntry('main')], {
    env: compiledNodeEnvironment(withDevMailbox(process.env)),
  }),
);
