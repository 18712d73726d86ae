// Types for the pieces of scripts/tools.mjs that TypeScript code (the benchmarks) imports.
export declare const compiledNodeFlags: readonly string[];
export declare const compiledNodeEnvironment: (environment: Record<string, string>) => Record<string, string>;
export declare const isServerBuildStale: () => boolean;
