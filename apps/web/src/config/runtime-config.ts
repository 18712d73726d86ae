import type { TRuntimeConfig } from '@cargodesk/shared';

export type { TRuntimeConfig };

export const runtimeConfigElementId = 'cargodesk-config';

/** Reads the config block from the page, so one build serves any deployment (docs/architecture.md). */
export const readRuntimeConfig = (document: Document = window.document): TRuntimeConfig => {
  const text = document.getElementById(runtimeConfigElementId)?.textContent;
  if (!text) {
    throw new Error(
      `index.html has no #${runtimeConfigElementId} block: open the app through the Cargodesk server.`,
    );
  }
  return JSON.parse(text) as TRuntimeConfig;
};

let cached: TRuntimeConfig | undefined;

/** The page's runtime config, read once. */
export const getRuntimeConfig = (): TRuntimeConfig => {
  cached ??= readRuntimeConfig();
  return cached;
};
