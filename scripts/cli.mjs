// `npm run migrate` and `npm run platform-admin`: run the compiled command-line tool named by the
// first argument (apps/server/dist/cli/<name>.js), building the server first when it is stale.
import {
  compiledEntry,
  compiledNodeFlags,
  isServerBuildStale,
  spawnNode,
  stopSignals,
  waitForExit,
} from './tools.mjs';

const [name, ...args] = process.argv.slice(2);
let child;
for (const signal of stopSignals) process.on(signal, () => child?.kill(signal));

const run = (nodeArgs) => {
  child = spawnNode(nodeArgs);
  return waitForExit(child);
};

if (isServerBuildStale()) {
  // On stderr: a tool's own output on stdout stays clean for scripts that read it.
  console.error('cargodesk: building the server (apps/server/dist is missing or older than its sources)');
  const code = await run(['scripts/build-server.mjs']);
  if (code !== 0) process.exit(code);
}
process.exit(await run([...compiledNodeFlags, compiledEntry(`cli/${name}`), ...args]));
