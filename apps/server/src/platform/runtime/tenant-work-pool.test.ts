import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.ts';
import { createTenantWorkPool, tenantWorkMessages } from './tenant-work-pool.ts';

const entry = (name: string) => ({
  file: new URL('./tenant-work-pool-test-support.ts', import.meta.url),
  name,
});
const task = (companyId: string, name: string, input: unknown = null) => ({
  companyId,
  entry: entry(name),
  input,
  tooCostlyMessage: 'The input is too large or too complex',
});

/** The AppError a run rejects with, as the error handler would send it. */
const refusalOf = async (run: Promise<unknown>) => {
  const error = await run.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  const { code, statusCode, message, details } = error as AppError;
  return { code, statusCode, message, details };
};

describe('tenant work pool', () => {
  const pool = createTenantWorkPool({
    threads: 2,
    taskTimeoutMs: 10_000,
    taskMemoryMb: 32,
    runningPerCompany: 1,
    waitingPerCompany: 1,
    waitingInAll: 8,
  });
  afterAll(() => pool.close());

  it('runs a task on a thread and hands back its value', async () => {
    expect(await pool.run(task('a', 'double', 21))).toBe(42);
  });

  it('ends a task that runs past its time, counting from its start, and says the input was too costly', async () => {
    const refusal = await refusalOf(pool.run({ ...task('a', 'spin'), timeoutMs: 300 }));
    expect(refusal).toEqual({
      code: 'VALIDATION_FAILED',
      statusCode: 400,
      message: 'The input is too large or too complex',
      details: { limit: 'time', limitMs: 300 },
    });
    // The thread it ran on is gone; the next task gets a fresh one.
    expect(await pool.run(task('a', 'double', 2))).toBe(4);
  });

  it('ends a task that grows past its heap limit', async () => {
    const refusal = await refusalOf(pool.run(task('a', 'hoard')));
    expect(refusal).toMatchObject({ statusCode: 400, details: { limit: 'memory', limitMb: 32 } });
  });

  it("passes on a worker's own refusal with its code and details", async () => {
    expect(await refusalOf(pool.run(task('a', 'refuse')))).toEqual({
      code: 'VALIDATION_FAILED',
      statusCode: 400,
      message: 'The file is not valid CSV',
      details: { fields: [{ field: 'file' }] },
    });
  });

  it("keeps a company to its share: one running, one waiting, the rest refused with 429, while another company's task runs", async () => {
    // Both threads loaded, so that what is timed below is the wait for a thread, not its start.
    await Promise.all([pool.run(task('x', 'double', 1)), pool.run(task('y', 'double', 1))]);
    const running = pool.run(task('greedy', 'busy', 250));
    const waiting = pool.run(task('greedy', 'busy', 10));
    const refused = refusalOf(pool.run(task('greedy', 'busy', 10)));
    const startedAt = performance.now();
    // The other company does not wait behind the greedy one's line.
    expect(await pool.run(task('patient', 'double', 1))).toBe(2);
    expect(performance.now() - startedAt).toBeLessThan(250);
    expect(await refused).toEqual({
      code: 'RATE_LIMITED',
      statusCode: 429,
      message: tenantWorkMessages.companyQueueFull,
      details: { retryAfterSeconds: 2 },
    });
    expect(await Promise.all([running, waiting])).toEqual(['done', 'done']);
  });
});
