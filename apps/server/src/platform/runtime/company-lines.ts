import { AppError } from '../http/errors.ts';

// A line per company in front of work one company could otherwise take all of: the pool's threads
// (tenant-work-pool.ts), the database's connections for reports. A company has `runningPerCompany`
// places and `waitingPerCompany` people waiting for one; beyond, 429. Every company's waiting
// together is bounded too; beyond, 503. A place is handed to the next in its company's line as it
// is given back, so nobody jumps the line, and no company waits behind another company's line.

export type TCompanyLinesOptions = {
  runningPerCompany: number;
  waitingPerCompany: number;
  waitingInAll: number;
};

export const companyLineMessages = {
  companyQueueFull: 'Your company has too much work waiting on the server. Try again in a moment.',
  poolBusy: 'The server is busy with other work. Try again in a moment.',
} as const;

/** Seconds a company whose line is full is told to wait: about one task's usual run. */
const companyRetryAfterSeconds = 2;

type TCompanyLine = { running: number; waiting: (() => void)[] };

export const createCompanyLines = (options: TCompanyLinesOptions) => {
  const lines = new Map<string, TCompanyLine>();
  let waitingInAll = 0;

  const leave = (companyId: string) => {
    const line = lines.get(companyId);
    if (!line) return;
    const next = line.waiting.shift();
    if (next) return next();
    line.running -= 1;
    if (line.running === 0) lines.delete(companyId);
  };

  /**
   * Waits for one of the company's places, or refuses when its line is full; answers the function
   * that gives the place back (once, however often it is called).
   */
  const enter = async (companyId: string): Promise<() => void> => {
    const line = lines.get(companyId) ?? { running: 0, waiting: [] };
    lines.set(companyId, line);
    if (line.running < options.runningPerCompany) {
      line.running += 1;
    } else {
      if (line.waiting.length >= options.waitingPerCompany)
        throw new AppError('RATE_LIMITED', companyLineMessages.companyQueueFull, {
          retryAfterSeconds: companyRetryAfterSeconds,
        });
      if (waitingInAll >= options.waitingInAll)
        throw new AppError('UNAVAILABLE', companyLineMessages.poolBusy);
      waitingInAll += 1;
      // The place is handed over by `leave` (running stays counted).
      await new Promise<void>((resolve) => line.waiting.push(resolve));
      waitingInAll -= 1;
    }
    let isLeft = false;
    return () => {
      if (isLeft) return;
      isLeft = true;
      leave(companyId);
    };
  };

  return { enter };
};

export type TCompanyLines = ReturnType<typeof createCompanyLines>;
