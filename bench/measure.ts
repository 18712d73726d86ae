import { loadAutocannon } from './tools.ts';

export type Measurement = {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
};

/**
 * One autocannon run; counts answers other than the expected status class (2xx, or 304 for a
 * conditional request) as errors so a broken route cannot look fast.
 */
export const measure = async (
  name: string,
  options: { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string },
  {
    connections = 10,
    duration = Number(process.env.BENCH_DURATION ?? 10),
    expectedStatus = 200,
  }: { connections?: number; duration?: number; expectedStatus?: 200 | 304 } = {},
): Promise<Measurement> => {
  const autocannon = await loadAutocannon();
  const result = await autocannon({ ...options, connections, duration });
  const unexpected =
    expectedStatus === 304 ? result['1xx'] + result['2xx'] + result['4xx'] + result['5xx'] : result.non2xx;
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + unexpected + result.timeouts,
  };
};

export const printTable = (rows: Measurement[], baseline: Measurement) => {
  console.table(
    rows.map((row) => ({
      route: row.name,
      'req/s': row.requestsPerSecond,
      'p50 ms': row.p50,
      'p99 ms': row.p99,
      errors: row.errors,
      'ratio to health': (row.requestsPerSecond / baseline.requestsPerSecond).toFixed(3),
    })),
  );
};
