import { AppError } from '../http/errors.ts';
import { answerFromWorker } from './tenant-work-pool.ts';

// Tasks for tenant-work-pool.test.ts: each stands for a kind of hostile or honest input.

export const double = answerFromWorker((input: number) => input * 2);

/** A loop that never yields, as a template's nested loops do between LiquidJS' own checks. */
export const spin = answerFromWorker(() => {
  for (;;) {
    // Spins until the pool ends the thread.
  }
});

/** Holds more and more memory until the thread's heap limit ends it. */
export const hoard = answerFromWorker(() => {
  const held: number[][] = [];
  for (;;) held.push(new Array(1_000_000).fill(held.length));
});

export const refuse = answerFromWorker(() => {
  throw new AppError('VALIDATION_FAILED', 'The file is not valid CSV', { fields: [{ field: 'file' }] });
});

/** Busy for `input` milliseconds, then answers: an honest task that takes a while. */
export const busy = answerFromWorker((input: number) => {
  const until = Date.now() + input;
  while (Date.now() < until) {
    // Busy on purpose.
  }
  return 'done';
});
