import { useEffect, useState } from 'react';

/** The value after it has stopped changing for `delayMs`: a list is asked for once typing pauses. */
export const useDebounced = <T>(value: T, delayMs: number) => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
};
