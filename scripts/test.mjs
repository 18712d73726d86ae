// `npm test`: lint, type-check, build, unit tests and browser tests, one after another, stopping
// at the first that fails, then how long each took: where the time goes is the first thing to know
// when the suite grows slow.
import { spawnNode, waitForExit } from './tools.mjs';

const parts = ['lint', 'typecheck', 'build', 'test:unit', 'test:e2e'];
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
  const total = times.reduce((sum, { seconds }) => sum + seconds, 0);
  console.log(`${total.toFixed(0).padStart(6)} s  in all`);
};

for (const part of parts) {
  const startedAt = performance.now();
  const code = await waitForExit(spawnNode([npm, 'run', part]));
  times.push({ part, seconds: (performance.now() - startedAt) / 1000 });
  if (code !== 0) {
    printTimes(`failed at ${part}`);
    process.exit(code);
  }
}
printTimes('passed');
