import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { Piscina } from 'piscina';
import type { TTenantWorkConfig } from '../../config.ts';
import type { TErrorBody } from '../http/errors.ts';
import { AppError } from '../http/errors.ts';
import type { TRateLimits } from '../http/rate-limits.ts';
import { companyLineMessages, createCompanyLines } from './company-lines.ts';

// Work whose cost a company's own input decides (a template's loops, a CSV's shape) runs here, on
// worker threads, never on the thread that answers every company's requests
// (docs/decisions/033-tenant-work-off-the-request-thread.md). Each task has a hard limit of time and of heap: past
// either, its thread is ended and the caller hears that the input was too costly. A company has at
// most `runningPerCompany` tasks on the pool and `waitingPerCompany` more waiting its turn, so one
// company's loop cannot take every thread, or every place in the queue, from the others.

export type TTenantWorkPoolOptions = TTenantWorkConfig;

/** A module's worker entry: the worker file and the export to call. */
export type TWorkerEntry = { file: URL; name: string };

/**
 * The worker file `baseName` beside the module at `moduleUrl` (its `import.meta.url`): TypeScript
 * run from source, the compiled JavaScript in the built server (scripts/build-server.mjs).
 */
export const workerFileBeside = (moduleUrl: string, baseName: string) =>
  new URL(`./${baseName}${moduleUrl.endsWith('.ts') ? '.ts' : '.js'}`, moduleUrl);

export type TTenantTask<TInput> = {
  companyId: string;
  entry: TWorkerEntry;
  input: TInput;
  /** What the caller is told when the task hits its limit: which input was too large or complex. */
  tooCostlyMessage: string;
  /** A shorter limit than the pool's, for work that never needs the whole of it. */
  timeoutMs?: number;
};

/** What a worker function answers: its value, or the error envelope of a refusal it decided. */
export type TWorkerAnswer<TResult> = { value: TResult } | { refused: TErrorBody['error'] };

/**
 * What crosses to the worker: the input, and a flag the worker raises as it starts, so the time
 * limit counts the task's own run, not its wait for a thread or the thread's start.
 */
type TWorkerEnvelope<TInput> = { input: TInput; started: Int32Array };

/**
 * Wraps a worker function: it raises the started flag, and an AppError it throws reaches the caller
 * as the same AppError (an Error crossing threads keeps only its message, not its code and details).
 */
export const answerFromWorker =
  <TInput, TResult>(work: (input: TInput) => TResult | Promise<TResult>) =>
  async ({ input, started }: TWorkerEnvelope<TInput>): Promise<TWorkerAnswer<TResult>> => {
    Atomics.store(started, 0, 1);
    Atomics.notify(started, 0);
    try {
      return { value: await work(input) };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return {
        refused: {
          code: error.code,
          message: error.message,
          ...(error.details === undefined ? {} : { details: error.details }),
        },
      };
    }
  };

/** Node 20 has `Atomics.waitAsync` (ES2024); the project's lib is ES2023. */
const { waitAsync } = Atomics as unknown as {
  waitAsync: (
    array: Int32Array,
    index: number,
    value: number,
  ) => { async: false; value: string } | { async: true; value: Promise<string> };
};

/** An abort signal that fires `timeoutMs` after the worker raises `started`. */
const abortAfterStart = (started: Int32Array, timeoutMs: number) => {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let isStopped = false;
  const wait = waitAsync(started, 0, 0);
  const startTimer = () => {
    if (!isStopped) timer = setTimeout(() => controller.abort(), timeoutMs);
  };
  if (wait.async) void wait.value.then(startTimer);
  else startTimer();
  return {
    signal: controller.signal,
    stop: () => {
      isStopped = true;
      clearTimeout(timer);
      // A task that never started (the pool refused it) leaves no waiter behind.
      Atomics.notify(started, 0);
    },
  };
};

export const tenantWorkMessages = {
  tooMuchWork: 'You have asked the server for much work in the last minute. Try again in a moment.',
  ...companyLineMessages,
} as const;

/**
 * Run from source (tests, `npm run dev`), the workers are TypeScript too and load through tsx
 * (tenant-work-from-source.mjs); the compiled server's workers are JavaScript beside its modules,
 * and inherit its Node flags (scripts/tools.mjs).
 */
const isRunFromSource = import.meta.url.endsWith('.ts');
const fromSourceEntry = fileURLToPath(new URL('./tenant-work-from-source.mjs', import.meta.url));

/** What Piscina is asked to run: the worker module's export itself, or through tsx from source. */
const piscinaTaskOf = <TInput>(entry: TWorkerEntry, envelope: TWorkerEnvelope<TInput>) =>
  isRunFromSource
    ? {
        task: { file: entry.file.href, name: entry.name, envelope },
        filename: fromSourceEntry,
        name: 'default',
      }
    : { task: envelope, filename: fileURLToPath(entry.file), name: entry.name };

export const createTenantWorkPool = (options: TTenantWorkPoolOptions) => {
  const piscina = new Piscina({
    // Threads are started with the pool and again as soon as a limit ends one: a request never waits
    // for a thread to load its modules (a few tenths of a second), and each costs some 10 MB idle.
    minThreads: options.threads,
    maxThreads: options.threads,
    // The company lines below hold the real queue; Piscina's only ever holds each company's next.
    maxQueue: options.waitingInAll,
    resourceLimits: {
      maxOldGenerationSizeMb: options.taskMemoryMb,
      maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(options.taskMemoryMb / 8))),
      // A deep recursion (a template nesting blocks) ends as a stack overflow, not a crash.
      stackSizeMb: 4,
    },
    // The request thread comes first on a small server: a busy worker yields the core to it. Mildly:
    // a worker niced further starves behind any other process (a database on the same machine).
    niceIncrement: 5,
  });
  const lines = createCompanyLines({
    runningPerCompany: options.runningPerCompany,
    waitingPerCompany: options.waitingPerCompany,
    waitingInAll: options.waitingInAll,
  });

  const tooCostly = (message: string, limit: 'time' | 'memory', timeoutMs: number) =>
    new AppError(
      'VALIDATION_FAILED',
      message,
      limit === 'time' ? { limit, limitMs: timeoutMs } : { limit, limitMb: options.taskMemoryMb },
    );

  /** Runs a task on the pool for the company; resolves with its value or rejects with an AppError. */
  const run = async <TInput, TResult>(task: TTenantTask<TInput>): Promise<TResult> => {
    const timeoutMs = Math.min(task.timeoutMs ?? options.taskTimeoutMs, options.taskTimeoutMs);
    const leave = await lines.enter(task.companyId);
    const started = new Int32Array(new SharedArrayBuffer(4));
    // Aborting a running task ends its thread: the only way to stop a loop that never yields.
    const deadline = abortAfterStart(started, timeoutMs);
    try {
      const { task: piscinaTask, filename, name } = piscinaTaskOf(task.entry, { input: task.input, started });
      const answer: TWorkerAnswer<TResult> = await piscina.run(piscinaTask, {
        filename,
        name,
        signal: deadline.signal,
      });
      if ('refused' in answer) {
        const { code, message, details } = answer.refused;
        throw new AppError(code, message, details);
      }
      return answer.value;
    } catch (error) {
      if (error instanceof AppError) throw error;
      const { name, code, message } = error as { name?: string; code?: string; message?: string };
      if (name === 'AbortError') throw tooCostly(task.tooCostlyMessage, 'time', timeoutMs);
      if (code === 'ERR_WORKER_OUT_OF_MEMORY') throw tooCostly(task.tooCostlyMessage, 'memory', timeoutMs);
      // A stack too deep or an array too long for the engine: the input's size, not our fault.
      if (name === 'RangeError') throw tooCostly(task.tooCostlyMessage, 'memory', timeoutMs);
      if (message === 'Task queue is at limit')
        throw new AppError('UNAVAILABLE', tenantWorkMessages.poolBusy);
      throw error;
    } finally {
      deadline.stop();
      leave();
    }
  };

  return {
    run,
    /** Ends every thread; tasks still running are rejected. */
    close: () => piscina.destroy(),
  };
};

export type TTenantWorkPool = ReturnType<typeof createTenantWorkPool>;

/** Who a task is for: its company's share of the pool, and the person's and company's rate. */
export type TTenantWorkCaller = { companyId: string; userId: string };

export type TTenantWork = {
  run: <TInput, TResult>(
    caller: TTenantWorkCaller,
    task: Omit<TTenantTask<TInput>, 'companyId'>,
  ) => Promise<TResult>;
  /**
   * Counts the caller's rates, then waits for one of the company's places for database work whose
   * size its own definition decides (a report's run or export); answers the function that gives the
   * place back. The database does that work, not a thread of the pool: the place keeps one company
   * from holding every connection, and the caller reads the rows a batch at a time.
   */
  enterQueryLine: (caller: TTenantWorkCaller) => Promise<() => void>;
};

/**
 * The report queries' lines: a dashboard runs its four pinned reports at once, and several people
 * open theirs together, so two run and many wait; beyond, the company is told to come back. Two of
 * the database pool's ten connections at most, whatever one company asks for.
 */
const queryLines = { runningPerCompany: 2, waitingPerCompany: 32, waitingInAll: 512 } as const;

declare module 'fastify' {
  interface FastifyInstance {
    tenantWork: TTenantWork;
  }
}

/**
 * Counts the task against the person's and the company's rate (shared by every instance), then runs
 * it on the pool. After registerRateLimits; the pool's threads end when the app closes.
 */
export const registerTenantWork = (app: FastifyInstance) => {
  const pool = createTenantWorkPool(app.config.tenantWork);
  const { tenantWorkPerUser, tenantWorkPerCompany }: TRateLimits = app.rateLimits;
  const consume = async (caller: TTenantWorkCaller) => {
    for (const verdict of [
      await tenantWorkPerUser.consume(caller.userId),
      await tenantWorkPerCompany.consume(caller.companyId),
    ]) {
      if (!verdict.isAllowed)
        throw new AppError('RATE_LIMITED', tenantWorkMessages.tooMuchWork, {
          retryAfterSeconds: verdict.retryAfterSeconds,
        });
    }
  };
  const queries = createCompanyLines(queryLines);
  app.decorate('tenantWork', {
    run: async (caller, task) => {
      await consume(caller);
      return pool.run({ ...task, companyId: caller.companyId });
    },
    enterQueryLine: async (caller) => {
      await consume(caller);
      return queries.enter(caller.companyId);
    },
  } satisfies TTenantWork);
  app.addHook('onClose', async () => pool.close());
};
