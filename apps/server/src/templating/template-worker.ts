import { type TTemplateCheck, type TTemplateDraft, templateSamples } from '@cargodesk/shared';
import { answerFromWorker } from '../platform/runtime/tenant-work-pool.ts';
import { createTemplateEngine, renderProblemOf, type TRenderLocale, type TTemplateFormat } from './engine.ts';

// The template work a company's own text decides the cost of, run on the tenant work pool's threads
// (tenant-templates.ts sends it here). One engine per thread, made as the thread loads this module.

const engine = createTemplateEngine();

/** The syntax problems that keep text from being saved, with line and column. */
export const findProblems = answerFromWorker(
  ({ source }: { source: string }) => engine.check(source, {}).problems,
);

/**
 * The editor's check of a draft: problems (with the part they are in), names its purpose lacks,
 * and the render with the sample data, which leaves unknown names empty.
 */
export const checkDraft = answerFromWorker(
  async ({ draft, locale }: { draft: TTemplateDraft; locale: TRenderLocale }): Promise<TTemplateCheck> => {
    const sample = templateSamples[draft.purpose];
    const parts = [
      { part: 'body' as const, source: draft.body },
      ...(draft.type === 'email' && draft.subject
        ? [{ part: 'subject' as const, source: draft.subject }]
        : []),
    ];
    const checks = parts.map(({ part, source }) => ({ part, ...engine.check(source, sample) }));
    const problems = checks.flatMap(({ part, problems }) =>
      problems.map((problem) => ({ ...problem, part })),
    );
    const unknownVariables = [...new Set(checks.flatMap((result) => result.unknownVariables))];
    if (problems.length > 0) return { problems, unknownVariables, preview: null };
    const options = { isLenient: true };
    try {
      const body = await engine.render(draft.body, sample, locale, 'html', options);
      const subject =
        draft.type === 'email' && draft.subject
          ? await engine.render(draft.subject, sample, locale, 'text', options)
          : null;
      return { problems, unknownVariables, preview: { subject, body } };
    } catch (error) {
      // A draft that runs too long or writes too much is a problem to show, not a failed request.
      const problem = renderProblemOf(error);
      if (!problem) throw error;
      return { problems: [{ ...problem, part: 'body' }], unknownVariables, preview: null };
    }
  },
);

export type TTemplatePart = { source: string; format: TTemplateFormat };

/**
 * Parts of a saved template filled with `data`: the names they use that `data` lacks, when there
 * are any, or each part rendered.
 */
export const fillParts = answerFromWorker(
  async ({
    parts,
    data,
    locale,
  }: {
    parts: TTemplatePart[];
    data: Record<string, unknown>;
    locale: TRenderLocale;
  }): Promise<{ missing: string[] } | { outputs: string[] }> => {
    const missing = [...new Set(parts.flatMap((part) => engine.check(part.source, data).unknownVariables))];
    if (missing.length > 0) return { missing };
    const outputs: string[] = [];
    for (const part of parts) outputs.push(await engine.render(part.source, data, locale, part.format));
    return { outputs };
  },
);
