// `npm test`: lint, type-check and build side by side, then the unit tests, then the browser tests,
// stopping at the first stage that fails, then how long each part took: where the time goes is the
// first thing to know when the suite grows slow.
import { spawnNode, waitForExit } from './tools.mjs';

// The checks leave cores idle in turn (lint and the server build are short, tsc runs two programs at
// a time and waits on the longest): together they take the time of the longest, not the sum.
// The test suites each keep both cores busy and run alone.
const stages = [['lint', 'typecheck', 'build'], ['test:unit'], ['test:e2e']];
// npm sets it for the scripts it runs: the same npm then runs each part.
const npm = process.env.npm_execpath;
if (!npm) {
  console.error('cargodesk: run this as `npm test`');
  process.exit(1);
}

const times = [];
const printTimes = (outcome) => {
  console.log(`\nnpm test ${outcome}:`);
  for (const { part, seconds } of times) console.log(`${seconds.toFixed(0).padStart(6)} s  ${part}`);
  console.log(`${((performance.now() - startedAt) / 1000).toFixed(0).padStart(6)} s  in all`);
};

/**
 * Runs one part. Alone, its output streams as it comes; beside others, it is kept and printed whole
 * when the part ends, so the lines of two parts never interleave.
 */
const runPart = async (part, isAlone) => {
  const partStartedAt = performance.now();
  const child = spawnNode([npm, 'run', part], isAlone ? {} : { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  const code = await waitForExit(child);
  if (output.length > 0) process.stdout.write(Buffer.concat(output));
  times.push({ part, seconds: (performance.now() - partStartedAt) / 1000 });
  return code;
};

const startedAt = performance.now();
for (const stage of stages) {
  const codes = await Promise.all(stage.map((part) => runPart(part, stage.length === 1)));
  const failed = stage.filter((_, index) => codes[index] !== 0);
  if (failed.length > 0) {
    printTimes(`failed at ${failed.join(', ')}`);
    process.exit(codes.find((code) => code !== 0));
  }
}
printTimes('passed');
