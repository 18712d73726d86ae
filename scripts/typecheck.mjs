// `npm run typecheck`: each TypeScript program of the repository checked, two at a time (one per
// core here): five programs one after another took a minute, and `tsc` uses one core.
import os from 'node:os';
import { resolveBin, spawnNode, waitForExit } from './tools.mjs';

const programs = ['apps/server', 'apps/web', 'e2e', 'bench', 'packages/shared'];
const tsc = resolveBin('typescript', 'tsc');
const lanes = Math.max(1, Math.min(programs.length, os.availableParallelism()));

const waiting = [...programs];
const failed = [];
const lane = async () => {
  for (let program = waiting.shift(); program; program = waiting.shift()) {
    const code = await waitForExit(spawnNode([tsc, '-p', program]));
    if (code !== 0) failed.push(program);
  }
};
await Promise.all(Array.from({ length: lanes }, lane));
if (failed.length > 0) {
  console.error(`cargodesk: type errors in ${failed.join(', ')}`);
  process.exit(1);
}
