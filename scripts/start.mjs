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

const build = async (what, args, options) => {
  const code = await run(args, options);
  if (code !== 0) {
    console.error(`cargodesk: the ${what} build failed (exit ${code})`);
    process.exit(code);
  }
};

if (isWebBuildStale()) {
  console.log('cargodesk: building the web app (apps/web/dist is missing or older than its sources)');
  await build('web app', [resolveBin('vite'), 'build', '--logLevel', 'warn'], { cwd: webDir });
}
if (isServerBuildStale()) {
  console.log('cargodesk: building the server (apps/server/dist is missing or older than its sources)');
  await build('server', ['scripts/build-server.mjs']);
}

process.exit(
  await run([...compiledNodeFlags, compiledEntry('main')], {
    env: compiledNodeEnvironment(withDevMailbox(process.env)),
  }),
);
