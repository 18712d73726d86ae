// `npm run bench -- <name>`: runs bench/<name>.ts (bench/run.ts), after installing the benchmarks'
// own tools (bench/package.json: autocannon, Lighthouse) into bench/node_modules when they are
// missing or older than bench/package-lock.json. The product's `npm ci` never installs them.
// Signals go on to the running child, and its exit code becomes this process's.
import fs from 'node:fs';
import path from 'node:path';
import { rootDir, spawnNode, stopSignals, waitForExit } from './tools.mjs';

const benchDir = path.join(rootDir, 'bench');
// npm writes this file last, once an install into bench/node_modules is complete.
const installed = path.join(benchDir, 'node_modules', '.package-lock.json');
const lockfile = path.join(benchDir, 'package-lock.json');

let child;
for (const signal of stopSignals) process.on(signal, () => child?.kill(signal));
const run = (args) => {
  child = spawnNode(args);
  return waitForExit(child);
};

const isInstalled =
  fs.existsSync(installed) && fs.statSync(installed).mtimeMs >= fs.statSync(lockfile).mtimeMs;
if (!isInstalled) {
  // The npm that runs this script (npm run sets npm_execpath), else the one on PATH.
  const npm = process.env.npm_execpath;
  if (!npm) {
    console.error('cargodesk: run the benchmarks with `npm run bench`, or `npm ci --prefix bench` first');
    process.exit(1);
  }
  console.error('cargodesk: installing the benchmark tools into bench/node_modules (once)');
  const code = await run([npm, 'ci', '--prefix', benchDir, '--no-audit', '--no-fund']);
  if (code !== 0) process.exit(code);
}
process.exitCode = await run(['--import', 'tsx', path.join(benchDir, 'run.ts'), ...process.argv.slice(2)]);
