// Lighthouse and autocannon are the benchmarks' alone: bench/package.json holds them, installed into
// bench/node_modules by `npm run bench` on first use (scripts/bench.mjs), so the product's own
// `npm ci` never downloads them. Loaded by a name the type checker does not follow, so the
// benchmarks type-check without them installed: the types below are the parts the benchmarks use.

const loadBenchTool = async <T>(name: string): Promise<T> => {
  try {
    return (await import(name)) as T;
  } catch (error) {
    throw new Error(
      `${name} is not installed: run the benchmark with \`npm run bench\`, or \`npm ci --prefix bench\``,
      {
        cause: error,
      },
    );
  }
};

/** An autocannon run's result, as bench/measure.ts reads it. */
export type TAutocannonResult = {
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '1xx': number;
  '2xx': number;
  '4xx': number;
  '5xx': number;
};

export type TAutocannonOptions = {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  duration: number;
};

export const loadAutocannon = async () =>
  (
    await loadBenchTool<{ default: (options: TAutocannonOptions) => Promise<TAutocannonResult> }>(
      'autocannon',
    )
  ).default;

/** Lighthouse's report, as bench/lighthouse.ts reads it. */
export type TLighthouseReport = {
  runtimeError?: { message: string };
  finalDisplayedUrl: string;
  audits: Record<string, { displayValue?: string; numericValue?: number } | undefined>;
  categories: Record<string, { score: number | null } | undefined>;
};

type TLighthouse = (
  url: string,
  flags: { port: number; onlyCategories: string[]; disableStorageReset: boolean; logLevel: 'error' },
  config?: object,
) => Promise<{ lhr: TLighthouseReport } | undefined>;

/** Lighthouse, and its desktop settings (its default is a slow phone). */
export const loadLighthouse = async () => {
  const [lighthouse, desktopConfig] = await Promise.all([
    loadBenchTool<{ default: TLighthouse }>('lighthouse'),
    loadBenchTool<{ default: object }>('lighthouse/core/config/desktop-config.js'),
  ]);
  return { lighthouse: lighthouse.default, desktopConfig: desktopConfig.default };
};
