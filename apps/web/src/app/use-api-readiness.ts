import { useCallback, useEffect, useState } from 'react';

export type TApiReadiness = 'checking' | 'ready' | 'unavailable';

const readinessTimeoutMs = 5000;

const fetchReadiness = async (): Promise<TApiReadiness> => {
  try {
    const response = await fetch('/readyz', { signal: AbortSignal.timeout(readinessTimeoutMs) });
    return response.ok ? 'ready' : 'unavailable';
  } catch {
    return 'unavailable';
  }
};

/** Asks the server's readiness probe once on mount, and again whenever `recheck` is called. */
export const useApiReadiness = () => {
  const [readiness, setReadiness] = useState<TApiReadiness>('checking');
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the trigger for a new check.
  useEffect(() => {
    let isCurrent = true;
    setReadiness('checking');
    void fetchReadiness().then((result) => {
      if (isCurrent) setReadiness(result);
    });
    return () => {
      isCurrent = false;
    };
  }, [attempt]);

  const recheck = useCallback(() => setAttempt((count) => count + 1), []);
  return { readiness, recheck };
};
