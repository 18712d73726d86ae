/**
 * Counts events per key in a fixed window, in process memory. Enough for one instance; DESIGN §11
 * moves the counters to Redis when several instances share the load.
 */
export type RateLimiter = {
  isLimited: (key: string) => boolean;
  hit: (key: string) => void;
  reset: (key: string) => void;
};

export const createRateLimiter = ({ limit, windowMs }: { limit: number; windowMs: number }): RateLimiter => {
  const windows = new Map<string, { count: number; endsAt: number }>();
  let nextSweepAt = Date.now() + windowMs;

  const current = (key: string, now: number) => {
    const window = windows.get(key);
    return window && window.endsAt > now ? window : undefined;
  };
  // Dropping expired windows now and then keeps memory bounded by the keys seen in one window.
  const sweep = (now: number) => {
    if (now < nextSweepAt) return;
    nextSweepAt = now + windowMs;
    for (const [key, window] of windows) if (window.endsAt <= now) windows.delete(key);
  };

  return {
    isLimited: (key) => (current(key, Date.now())?.count ?? 0) >= limit,
    hit: (key) => {
      const now = Date.now();
      sweep(now);
      const window = current(key, now);
      if (window) window.count += 1;
      else windows.set(key, { count: 1, endsAt: now + windowMs });
    },
    reset: (key) => {
      windows.delete(key);
    },
  };
};
