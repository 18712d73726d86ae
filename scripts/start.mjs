// `npm start`: builds the web app when its build is missing or stale, then runs the server in the
// foreground. Signals go on to the running child, and its exit code becomes this process's.
import {
  isWebBuildStale,
  resolveBin,
  serverEntry,
  spawnNode,
  stopSignals,
  tsxLoader,
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

if (isWebBuildStale()) {
  console.log('cargodesk: building the web app (apps/web/dist is missing or older than its sources)');
  const code = await run([resolveBin('vite'), 'build', '--logLevel', 'warn'], { cwd: webDir });
  if (code !== 0) {
    console.error(`cargodesk: the web app build failed (exit ${code})`);
    process.exit(code);
  }
}

process.exit(await run(['--import', tsxLoader, serverEntry], { env: withDevMailbox(process.env) }));
