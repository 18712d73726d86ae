import type { TTemplatePageSetup } from '@cargodesk/shared';
import type { Browser } from 'playwright-core';
import { AppError } from '../platform/http/errors.ts';
import { stampProductInfo } from './document-info.ts';
import { createFairTurns } from './fair-turns.ts';
import type { TChromiumLookup } from './find-chromium.ts';
import { placeContent } from './place-content.ts';

// Documents to PDF with the system's headless Chromium (docs/decisions/013-pdf-rendering.md). One
// browser process is started on the first render and kept; each render gets a fresh context with
// JavaScript off and no network (a content policy allows only inline styles and data: images and
// fonts), a time limit and a size limit. Renders beyond `maxConcurrent` wait their turn, shared
// fairly between companies (fair-turns.ts); beyond `maxQueued`, or a company's
// `maxQueuedPerCompany`, they are refused with 503 rather than piling up.

export const pdfLimits = {
  /** Renders at once: one per core of a small server. */
  maxConcurrent: 2,
  /** Renders waiting for their turn before more are refused. */
  maxQueued: 20,
  /** Renders one company may have waiting: a burst of its prints never fills the queue for everyone. */
  maxQueuedPerCompany: 4,
  /** The longest one render may take, from its turn to the PDF. */
  renderTimeoutMs: 15_000,
  /** The largest PDF kept: a document is letters and tables, not a photo album. */
  maxPdfBytes: 20 * 1024 * 1024,
} as const;

export const pdfMessages = {
  unavailable: (reason: string) =>
    `PDF rendering is not available on this server: ${reason}. Ask your administrator to install Chromium (the chromium package) or set CHROMIUM_PATH.`,
  busy: 'PDF rendering is busy. Try again in a moment.',
  tooSlow: (limitMs: number) => `The document took longer than ${limitMs / 1000} seconds to render`,
  tooLarge: (maxBytes: number) => `The PDF is larger than ${maxBytes / 1024 / 1024} MB`,
  navigated: 'The document tried to open another page while printing; remove what makes it leave the page',
} as const;

/** Nothing but the page itself: no script, no request, no frame; inline styles and data: pictures only. */
const contentPolicy =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; frame-src 'none'; form-action 'none'";

/** The page Chromium prints: the template's output inside a document that sets the policy first. */
const printedPage = (html: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${contentPolicy}"></head><body>${html}</body></html>`;

/** Whom a render is for: renders are shared fairly between companies. */
export type TRenderFor = { companyId: string };

export type TPdfRenderer = {
  /** The browser's path, when there is one. */
  readonly chromiumPath: string | undefined;
  /** Why there is none, when there is none. */
  readonly unavailableReason: string | undefined;
  /** Renders waiting for their turn now. */
  readonly queued: () => number;
  render: (html: string, page: TTemplatePageSetup, renderFor: TRenderFor) => Promise<Buffer>;
  close: () => Promise<void>;
};

export type TPdfLimits = { [K in keyof typeof pdfLimits]: number };

export const createPdfRenderer = (
  chromiumLookup: TChromiumLookup,
  limits: TPdfLimits = pdfLimits,
): TPdfRenderer => {
  let browser: Promise<Browser> | undefined;
  const turns = createFairTurns(limits, pdfMessages.busy);
  let isClosed = false;

  const launch = () => {
    if (!chromiumLookup.found)
      throw new AppError('UNAVAILABLE', pdfMessages.unavailable(chromiumLookup.reason));
    // Loaded on the first render: the driver is megabytes of code that a server which never prints
    // a document should neither parse at start nor keep in memory.
    const started = import('playwright-core')
      .then(({ chromium }) =>
        chromium.launch({
          executablePath: chromiumLookup.path,
          headless: true,
          // As root (a container) Chromium refuses to start sandboxed; the page has no script to escape with.
          chromiumSandbox: process.getuid?.() !== 0,
          args: [
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--disable-extensions',
            '--disable-dev-shm-usage',
          ],
        }),
      )
      .then((launched) => {
        // A crashed browser is started again by the next render.
        launched.on('disconnected', () => {
          if (browser === started) browser = undefined;
        });
        return launched;
      });
    started.catch(() => {
      if (browser === started) browser = undefined;
    });
    browser = started;
    return started;
  };

  const renderNow = async (html: string, page: TTemplatePageSetup) => {
    const context = await (await (browser ?? launch())).newContext({
      javaScriptEnabled: false,
      offline: true,
      serviceWorkers: 'block',
      acceptDownloads: false,
    });
    let timer: NodeJS.Timeout | undefined;
    try {
      // Anything a page still asks for (a link in CSS, a picture by address) is refused before it leaves.
      await context.route('**/*', (route) => route.abort('blockedbyclient'));
      const tab = await context.newPage();
      let hasNavigated = false;
      const rendering = (async () => {
        // The policy first, in an empty page; then the template's own markup, parsed where nothing
        // in it acts, without its refreshes (place-content.ts).
        await tab.setContent(printedPage(''), { waitUntil: 'load', timeout: limits.renderTimeoutMs });
        tab.on('framenavigated', (frame) => {
          if (frame === tab.mainFrame()) hasNavigated = true;
        });
        await tab.evaluate(placeContent, html);
        const { top, right, bottom, left } = page.marginsMm;
        const printed = await tab.pdf({
          format: page.size,
          printBackground: true,
          margin: { top: `${top}mm`, right: `${right}mm`, bottom: `${bottom}mm`, left: `${left}mm` },
        });
        // A page that left while printing printed something else, or nothing: never hand that out.
        if (hasNavigated) throw new AppError('VALIDATION_FAILED', pdfMessages.navigated);
        return printed;
      })().catch((error: unknown) => {
        if (hasNavigated) throw new AppError('VALIDATION_FAILED', pdfMessages.navigated);
        throw error;
      });
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new AppError('VALIDATION_FAILED', pdfMessages.tooSlow(limits.renderTimeoutMs))),
          limits.renderTimeoutMs,
        );
      });
      rendering.catch(() => undefined);
      const pdf = await Promise.race([rendering, timeout]);
      if (pdf.byteLength > limits.maxPdfBytes)
        throw new AppError('PAYLOAD_TOO_LARGE', pdfMessages.tooLarge(limits.maxPdfBytes));
      return stampProductInfo(pdf);
    } finally {
      clearTimeout(timer);
      await context.close().catch(() => undefined);
    }
  };

  return {
    chromiumPath: chromiumLookup.found ? chromiumLookup.path : undefined,
    unavailableReason: chromiumLookup.found ? undefined : chromiumLookup.reason,
    queued: turns.waiting,
    render: async (html, page, { companyId }) => {
      if (isClosed) throw new AppError('UNAVAILABLE', pdfMessages.busy);
      if (!chromiumLookup.found)
        throw new AppError('UNAVAILABLE', pdfMessages.unavailable(chromiumLookup.reason));
      await turns.take(companyId);
      try {
        return await renderNow(html, page);
      } finally {
        turns.end(companyId);
      }
    },
    close: async () => {
      isClosed = true;
      const current = browser;
      browser = undefined;
      if (current) await (await current.catch(() => undefined))?.close().catch(() => undefined);
    },
  };
};
