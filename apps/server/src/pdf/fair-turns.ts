import { AppError } from '../platform/http/errors.ts';

// Turns at the PDF renderer, shared fairly between companies. A plain first-come queue let one
// company that sent a burst of prints keep every slot for as long as its hourly allowance lasted,
// while everyone else's single print waited behind it. Here a free slot goes to the waiting
// company with the fewest renders running, and among equals to the one served longest ago: a
// company may use every slot while nobody else waits, but never keeps a second one from a company
// that has none. Each company may have only a few renders waiting, so one cannot fill the queue.

export type TTurnLimits = {
  /** Renders at once, all companies together. */
  maxConcurrent: number;
  /** Renders waiting, all companies together, before more are refused. */
  maxQueued: number;
  /** Renders one company may have waiting before its next is refused. */
  maxQueuedPerCompany: number;
};

export type TFairTurns = {
  /** Resolves when the company's render may start; refuses (503) when the queue is full. */
  take: (companyId: string) => Promise<void>;
  /** Ends a render taken with `take`, and hands its slot on. */
  end: (companyId: string) => void;
  /** Renders waiting now, all companies together. */
  waiting: () => number;
};

export const createFairTurns = (limits: TTurnLimits, busyMessage: string): TFairTurns => {
  const queues = new Map<string, (() => void)[]>();
  const runningBy = new Map<string, number>();
  /** When each company last started a render, by a counter; absent: not since it last went idle. */
  const lastStartBy = new Map<string, number>();
  let running = 0;
  let waitingCount = 0;
  let startCounter = 0;

  const start = (companyId: string) => {
    running += 1;
    runningBy.set(companyId, (runningBy.get(companyId) ?? 0) + 1);
    startCounter += 1;
    lastStartBy.set(companyId, startCounter);
  };

  /** The waiting company a free slot goes to: fewest running, then served longest ago. */
  const nextCompany = () => {
    let chosen: string | undefined;
    for (const companyId of queues.keys()) {
      if (chosen === undefined) {
        chosen = companyId;
        continue;
      }
      const itsRunning = runningBy.get(companyId) ?? 0;
      const chosenRunning = runningBy.get(chosen) ?? 0;
      const isFewer = itsRunning < chosenRunning;
      const isOlder =
        itsRunning === chosenRunning && (lastStartBy.get(companyId) ?? 0) < (lastStartBy.get(chosen) ?? 0);
      if (isFewer || isOlder) chosen = companyId;
    }
    return chosen;
  };

  const handOn = () => {
    while (running < limits.maxConcurrent) {
      const companyId = nextCompany();
      if (companyId === undefined) return;
      const queue = queues.get(companyId) ?? [];
      const resolve = queue.shift();
      if (queue.length === 0) queues.delete(companyId);
      if (!resolve) continue;
      waitingCount -= 1;
      start(companyId);
      resolve();
    }
  };

  return {
    take: async (companyId) => {
      // Straight in only when no one waits: a newcomer never passes a company already in line.
      if (running < limits.maxConcurrent && waitingCount === 0) {
        start(companyId);
        return;
      }
      const queue = queues.get(companyId) ?? [];
      if (waitingCount >= limits.maxQueued || queue.length >= limits.maxQueuedPerCompany) {
        throw new AppError('UNAVAILABLE', busyMessage);
      }
      await new Promise<void>((resolve) => {
        queue.push(resolve);
        queues.set(companyId, queue);
        waitingCount += 1;
      });
    },
    end: (companyId) => {
      running -= 1;
      const left = (runningBy.get(companyId) ?? 1) - 1;
      if (left > 0) runningBy.set(companyId, left);
      else runningBy.delete(companyId);
      handOn();
      // Idle companies are forgotten, so the maps hold only companies printing now.
      if (!runningBy.has(companyId) && !queues.has(companyId)) lastStartBy.delete(companyId);
    },
    waiting: () => waitingCount,
  };
};
