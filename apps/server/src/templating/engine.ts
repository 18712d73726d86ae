import { templateRules } from '@cargodesk/shared';
import { type FilterImplOptions, Liquid, LiquidError, Tag, type Template } from 'liquidjs';
import { AppError } from '../platform/http/errors.ts';

// The template language (docs/decisions/012-template-language.md): Liquid, as LiquidJS runs it, set
// up for templates written by users. Output is HTML-escaped unless a template says otherwise; a name
// the data does not have, or a filter the engine does not know, is an error rather than nothing;
// only the data's own properties are visible (no prototype, no constructor); includes and layouts
// have nowhere to read from; and parsing, rendering and output each have a limit.

/** Where a problem is in the template, counted from 1 as an editor shows it. */
export type TTemplateProblem = { message: string; line: number; column: number };

/** How values are formatted for the reader: the company's language, currency and time zone. */
export type TRenderLocale = { locale: string; currency: string; timeZone: string };

const positionOf = (error: LiquidError) => {
  const [line = 1, column = 1] = error.token?.getPosition() ?? [];
  return { line, column };
};

/** LiquidJS' message without the position and source excerpt it appends: those are given apart. */
const plainMessage = (error: LiquidError) =>
  (error.originalError?.message ?? error.message).split(', line:')[0]?.replace(/\n[\s\S]*$/, '') ??
  error.message;

const problemOf = (error: LiquidError): TTemplateProblem => ({
  message: plainMessage(error),
  ...positionOf(error),
});

/** Dates arrive as ISO dates or instants; a value that is neither is shown as it came. */
const toDate = (value: unknown) => {
  if (value instanceof Date) return value;
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const date = new Date(
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value,
  );
  return Number.isNaN(date.getTime()) ? undefined : date;
};

const isMoney = (value: unknown): value is { amount: number; currency: string } =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { amount?: unknown }).amount === 'number' &&
  typeof (value as { currency?: unknown }).currency === 'string';

/** The render's locale, which the engine passes as a global the filters read (not the template). */
const localeKey = 'renderLocale';
type TFilterThis = ThisParameterType<Extract<FilterImplOptions, (...args: never[]) => unknown>>;
const localeOf = (filter: TFilterThis) =>
  (filter.context.globals as Record<string, unknown>)[localeKey] as TRenderLocale;

/** The filters that format for the reader in the company's language, currency and time zone. */
const localeFilters = {
  /** `{{ shipment.departureDate | local_date }}` → "2 Dec 2026"; `| local_date: "long"` → "2 December 2026". */
  local_date(this: TFilterThis, value: unknown, style: 'short' | 'medium' | 'long' = 'medium') {
    const { locale, timeZone } = localeOf(this);
    const date = toDate(value);
    return date ? new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone }).format(date) : value;
  },
  /** `{{ sentAt | local_datetime }}`: date and time in the company's time zone. */
  local_datetime(this: TFilterThis, value: unknown) {
    const { locale, timeZone } = localeOf(this);
    const date = toDate(value);
    return date
      ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(date)
      : value;
  },
  /** `{{ weightKg | number }}` → "18,250"; `| number: 2` fixes two decimals. */
  number(this: TFilterThis, value: unknown, decimals?: number) {
    const number = Number(value);
    if (!Number.isFinite(number)) return value;
    const digits =
      decimals === undefined ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals };
    return new Intl.NumberFormat(localeOf(this).locale, digits).format(number);
  },
  /** `{{ companyName | one_line }}`: free text on one line, for a subject or a header. */
  one_line(this: TFilterThis, value: unknown) {
    return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : value;
  },
  /** `{{ invoice.total | money }}` → "€3,120.75": an amount with its currency, or a number in the company's. */
  money(this: TFilterThis, value: unknown) {
    const { locale, currency } = localeOf(this);
    const { amount, currency: code } = isMoney(value) ? value : { amount: Number(value), currency };
    if (!Number.isFinite(amount)) return value;
    return new Intl.NumberFormat(locale, { style: 'currency', currency: code }).format(amount);
  },
};

const tooLong = () =>
  new AppError(
    'PAYLOAD_TOO_LARGE',
    `A template may hold at most ${templateRules.bodyMaxLength.toLocaleString('en')} characters`,
  );

/** Marks the errors `render` throws for the template's own fault, as opposed to a fault of ours. */
class TemplateRenderError extends AppError {
  readonly problem: TTemplateProblem;
  constructor(message: string, problem?: TTemplateProblem) {
    super('VALIDATION_FAILED', message, problem ? { problems: [problem] } : undefined);
    this.problem = { message, line: problem?.line ?? 1, column: problem?.column ?? 1 };
  }
}

const renderFailed = (message: string, problem?: TTemplateProblem) =>
  new TemplateRenderError(message, problem);

/** The problem a failed render names, with its line and column, when the template was at fault. */
export const renderProblemOf = (error: unknown): TTemplateProblem | undefined =>
  error instanceof TemplateRenderError ? error.problem : undefined;

/** HTML for mail bodies and documents, escaping every value; text for plain bodies and subjects. */
export type TTemplateFormat = 'html' | 'text';

/**
 * A company's template stands alone: there are no other templates to include, render or lay out in
 * (`templates: {}` finds none). Refused when the template is parsed, with the tag's line and
 * column, so it cannot be saved; LiquidJS' own tags would parse and fail only later, in the static
 * analysis and in every render.
 */
const partialTags = ['include', 'render', 'layout'] as const;
const refusedPartialTag = (name: (typeof partialTags)[number]) =>
  class extends Tag {
    constructor(...args: ConstructorParameters<typeof Tag>) {
      super(...args);
      throw new Error(`{% ${name} %} is not available: a template cannot use another template`);
    }
    *render() {}
  };

const createLiquid = (format: TTemplateFormat, isStrict = true) => {
  const liquid = new Liquid({
    // Nothing to include from: `{% include '/etc/passwd' %}` finds no template.
    templates: {},
    strictVariables: isStrict,
    strictFilters: true,
    ownPropertyOnly: true,
    ...(format === 'html' ? { outputEscape: 'escape' as const } : {}),
    parseLimit: templateRules.bodyMaxLength,
    renderLimit: templateRules.renderTimeLimitMs,
    // LiquidJS counts what its ranges and filters allocate: ten million is far more than any letter
    // needs, and stops `(1..100000000)` before it builds the range rather than a second later.
    memoryLimit: 1e7,
    cache: false,
  });
  for (const [name, filter] of Object.entries(localeFilters)) liquid.registerFilter(name, filter);
  for (const name of partialTags) liquid.registerTag(name, refusedPartialTag(name));
  return liquid;
};

export const createTemplateEngine = () => {
  const engines = { html: createLiquid('html'), text: createLiquid('text') };
  // The editor's preview shows a draft that names what its purpose lacks with those names left
  // empty, beside the warning that lists them: the writer sees the rest while fixing them.
  const lenientEngines = { html: createLiquid('html', false), text: createLiquid('text', false) };

  /** The parsed template, or the problems that stop it, with line and column. */
  const parse = (
    source: string,
    format: TTemplateFormat = 'html',
  ): { template: Template[] } | { problems: TTemplateProblem[] } => {
    if (source.length > templateRules.bodyMaxLength) throw tooLong();
    try {
      // Each format parses its own: escaping is part of the parsed output tags.
      return { template: engines[format].parse(source) };
    } catch (error) {
      if (LiquidError.is(error)) return { problems: [problemOf(error)] };
      throw error;
    }
  };

  /**
   * What the editor shows before saving: syntax problems (which keep a version from being saved)
   * and the variables the template uses that `sample` does not have (warnings).
   */
  const check = (source: string, sample: Record<string, unknown>) => {
    const parsed = parse(source);
    if ('problems' in parsed) return { problems: parsed.problems, unknownVariables: [] };
    // Never follows a partial (refused at parse anyway): the analysis would look it up and throw.
    const used = engines.html.globalFullVariablesSync(parsed.template, { partials: false });
    const unknownVariables = [...new Set(used)].filter((path) => !hasPath(sample, path));
    return { problems: [], unknownVariables };
  };

  /**
   * Renders `source` with `data`. Refuses, with the error envelope's details, a template with a
   * syntax problem, one that names what `data` lacks, and one that runs too long or writes too much.
   */
  const render = async (
    source: string,
    data: Record<string, unknown>,
    locale: TRenderLocale,
    format: TTemplateFormat = 'html',
    { isLenient = false }: { isLenient?: boolean } = {},
  ) => {
    const parsed = parse(source, format);
    if ('problems' in parsed) {
      const [problem] = parsed.problems;
      throw renderFailed(`The template has a syntax problem: ${problem?.message ?? 'unknown'}`, problem);
    }
    let output: string;
    try {
      const engine = (isLenient ? lenientEngines : engines)[format];
      output = await engine.render(parsed.template, data, { globals: { [localeKey]: locale } });
    } catch (error) {
      if (!LiquidError.is(error)) throw error;
      const problem = problemOf(error);
      const isLimit = /limit exceeded/i.test(problem.message);
      throw renderFailed(
        isLimit
          ? `The template took too long or grew too large to render (${problem.message})`
          : `The template could not be rendered: ${problem.message}`,
        problem,
      );
    }
    if (output.length > templateRules.outputMaxLength) {
      throw renderFailed(
        `The template writes more than ${templateRules.outputMaxLength.toLocaleString('en')} characters`,
      );
    }
    return output;
  };

  return { check, render };
};

/** Whether `path` ("shipment.portOfLoading.name", "shipment.containers[0].number") exists in `data`. */
const hasPath = (data: Record<string, unknown>, path: string) => {
  let current: unknown = data;
  for (const segment of path.replace(/\[(\d+|"[^"]*"|'[^']*')\]/g, '.$1').split('.')) {
    const key = segment.replace(/^["']|["']$/g, '');
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) {
      // Liquid's own list properties (size, first, last) are always there.
      return Array.isArray(current) && ['size', 'first', 'last'].includes(key);
    }
    current = (current as Record<string, unknown>)[key];
  }
  return true;
};
