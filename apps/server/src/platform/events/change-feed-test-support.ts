import type { TChange, TChangeFeed } from './change-feed.ts';

/** A change feed the test drives: it sends the notices and says whether they are heard. */
export const createTestChangeFeed = () => {
  const handlers = new Set<(change: TChange) => void>();
  let isLive = true;
  return {
    subscribe: (handler: (change: TChange) => void) => {
      handlers.add(handler);
      return () => {
        handlers.delete(handler);
      };
    },
    isLive: () => isLive,
    setLive: (live: boolean) => {
      isLive = live;
    },
    send: (change: TChange) => {
      for (const handler of handlers) handler(change);
    },
  } satisfies Pick<TChangeFeed, 'subscribe' | 'isLive'> & Record<string, unknown>;
};
