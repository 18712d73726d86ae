import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * Runs `work` every `intervalMs` once the app is ready, and at once then too with `runsAtReady`;
 * never two runs at a time. A failed run is logged at `warn` with `failureMessage`, and the job tries
 * again at the next interval. The server stops it before closing: the hook is preClose, not onClose,
 * so a run under way finishes before any onClose hook closes the database.
 */
export const registerBackgroundJob = (
  app: FastifyInstance,
  {
    intervalMs,
    runsAtReady = false,
    work,
    logger,
    failureMessage,
  }: {
    intervalMs: number;
    runsAtReady?: boolean;
    work: () => Promise<unknown>;
    logger: FastifyBaseLogger;
    failureMessage: string;
  },
) => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const run = () => {
    if (running) return;
    running = work()
      .catch((error: unknown) => logger.warn({ err: error }, failureMessage))
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook('onReady', async () => {
    if (runsAtReady) run();
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
};
