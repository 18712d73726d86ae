import type { TTemplateCheck, TTemplateDraft } from '@cargodesk/shared';
import {
  type TTenantWork,
  type TTenantWorkCaller,
  type TWorkerEntry,
  workerFileBeside,
} from '../platform/runtime/tenant-work-pool.ts';
import type { TRenderLocale, TTemplateProblem } from './engine.ts';
import type { TTemplatePart } from './template-worker.ts';

// A company's templates are checked and rendered on the tenant work pool, never on the request
// thread: a template's loops decide how long its render takes (docs/decisions/033). The product's
// own mails (system-mails.ts) are ours and stay on the engine directly.

const workerFile = workerFileBeside(import.meta.url, 'template-worker');
const entry = (name: string): TWorkerEntry => ({ file: workerFile, name });

/**
 * LiquidJS stops a render itself after a second (engine.ts); the thread is ended only when a part
 * it does not check between nodes (a parse, a filter) runs on well past that.
 */
const templateTimeoutMs = 5_000;

export const templateTooCostly =
  'The template is too large or too complex to render: shorten its loops or split it into smaller templates.';

export const createTenantTemplates = (tenantWork: TTenantWork) => {
  const run = <TInput, TResult>(caller: TTenantWorkCaller, name: string, input: TInput) =>
    tenantWork.run<TInput, TResult>(caller, {
      entry: entry(name),
      input,
      tooCostlyMessage: templateTooCostly,
      timeoutMs: templateTimeoutMs,
    });

  return {
    /** The syntax problems that keep `source` from being saved. */
    findProblems: (caller: TTenantWorkCaller, source: string) =>
      run<{ source: string }, TTemplateProblem[]>(caller, 'findProblems', { source }),
    /** The editor's check of a draft, with its sample render. */
    checkDraft: (caller: TTenantWorkCaller, draft: TTemplateDraft, locale: TRenderLocale) =>
      run<{ draft: TTemplateDraft; locale: TRenderLocale }, TTemplateCheck>(caller, 'checkDraft', {
        draft,
        locale,
      }),
    /** Parts filled with `data`, or the names they use that `data` lacks. */
    fillParts: (
      caller: TTenantWorkCaller,
      input: { parts: TTemplatePart[]; data: Record<string, unknown>; locale: TRenderLocale },
    ) => run<typeof input, { missing: string[] } | { outputs: string[] }>(caller, 'fillParts', input),
  };
};

export type TTenantTemplates = ReturnType<typeof createTenantTemplates>;
