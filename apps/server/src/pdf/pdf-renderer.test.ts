import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultTemplatePage } from '@cargodesk/shared';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../platform/http/errors.ts';
import { findChromium } from './find-chromium.ts';
import { createPdfRenderer, pdfLimits, pdfMessages } from './pdf-renderer.ts';

const textOf = async (pdf: Uint8Array) => {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
};

const chromium = findChromium(process.env.CHROMIUM_PATH);
const forCompany = { companyId: 'company-a' };

describe.skipIf(!chromium.found)('PDF rendering with the system Chromium', () => {
  const renderer = createPdfRenderer(chromium);
  afterAll(() => renderer.close());

  it('prints HTML on the page size asked for, with its text', async () => {
    const pdf = await renderer.render(
      '<h1>Arrival notice</h1><p>Nordic Star arrives on 14 Dec 2026.</p>',
      {
        size: 'A4',
        marginsMm: { top: 10, right: 10, bottom: 10, left: 10 },
      },
      forCompany,
    );
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(await textOf(pdf)).toContain('Nordic Star arrives on 14 Dec 2026.');
    const document = await getDocumentProxy(new Uint8Array(pdf));
    const [, , width, height] = (await document.getPage(1)).view;
    // A4 is 595 × 842 points (Chromium writes 595.92 × 842.88); Letter would be 612 × 792.
    expect([Math.floor(width ?? 0), Math.floor(height ?? 0)]).toEqual([595, 842]);
  });

  it('runs no script and sends no request, whatever the page asks for', async () => {
    const requests: string[] = [];
    const spy = createServer((request, response) => {
      requests.push(request.url ?? '');
      response.end('body { color: red }');
    });
    await new Promise<void>((resolve) => spy.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(spy.address() as AddressInfo).port}`;
    try {
      const pdf = await renderer.render(
        [
          '<p>Visible text</p>',
          `<link rel="stylesheet" href="${origin}/style.css">`,
          `<img src="${origin}/tracker.png" alt="">`,
          `<iframe src="${origin}/frame"></iframe>`,
          `<style>@import url("${origin}/imported.css"); p { background: url("${origin}/bg.png") }</style>`,
          '<iframe src="file:///etc/hostname"></iframe>',
          '<script>document.body.append("SCRIPT RAN")</script>',
          '<img src="x" onerror="document.body.append(\'HANDLER RAN\')">',
        ].join(''),
        defaultTemplatePage,
        forCompany,
      );
      const text = await textOf(pdf);
      expect(text).toContain('Visible text');
      expect(text).not.toContain('SCRIPT RAN');
      expect(text).not.toContain('HANDLER RAN');
      expect(requests).toEqual([]);
    } finally {
      await new Promise((resolve) => spy.close(resolve));
    }
  });

  it('stops a render that runs past its time limit', async () => {
    const hasty = createPdfRenderer(chromium, { ...pdfLimits, renderTimeoutMs: 1 });
    try {
      await expect(hasty.render('<p>slow</p>', defaultTemplatePage, forCompany)).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        message: pdfMessages.tooSlow(1),
      });
    } finally {
      await hasty.close();
    }
  });

  it('queues renders beyond its concurrency and refuses those beyond the queue with 503', async () => {
    const narrow = createPdfRenderer(chromium, { ...pdfLimits, maxConcurrent: 1, maxQueued: 1 });
    try {
      const results = await Promise.allSettled(
        [1, 2, 3].map((number) => narrow.render(`<p>Render ${number}</p>`, defaultTemplatePage, forCompany)),
      );
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
      const refused = results[2] as PromiseRejectedResult;
      expect(refused.reason).toBeInstanceOf(AppError);
      expect(refused.reason).toMatchObject({ code: 'UNAVAILABLE', message: pdfMessages.busy });
      // The queue drained: the next render has its turn.
      expect(await textOf(await narrow.render('<p>After</p>', defaultTemplatePage, forCompany))).toContain(
        'After',
      );
    } finally {
      await narrow.close();
    }
  });

  it('names the product, not the browser build, as Creator and Producer', async () => {
    const pdf = await renderer.render('<p>Bill of lading</p>', defaultTemplatePage, forCompany);
    const document = await getDocumentProxy(new Uint8Array(pdf));
    const { info } = await document.getMetadata();
    expect(info).toMatchObject({ Creator: 'Cargodesk', Producer: 'Cargodesk' });
    // Nowhere else in the file either, and the file still reads whole (its offsets unchanged).
    expect(Buffer.from(pdf).toString('latin1')).not.toMatch(/HeadlessChrome|Chrome\/|Skia/);
    expect(await textOf(pdf)).toContain('Bill of lading');
  });

  it('prints a template that asks to refresh or leave the page, every time', async () => {
    const refreshes = [
      '<meta http-equiv="refresh" content="0">',
      '<meta http-equiv="Refresh" content="0;url=about:blank">',
      '<meta http-equiv="REFRESH" content="0;url=https://example.com/">',
      '<noscript><meta http-equiv=" refresh " content="0"></noscript>',
    ];
    // Before, most of these failed with "Printing failed" or printed an empty page.
    for (const [index, refresh] of refreshes.entries()) {
      for (const round of [1, 2]) {
        const label = `Invoice ${index}.${round}`;
        const pdf = await renderer.render(`${refresh}<p>${label}</p>`, defaultTemplatePage, forCompany);
        expect(await textOf(pdf), refresh).toContain(label);
      }
    }
  });

  it("prints another company's document while one company's burst waits", async () => {
    const single = createPdfRenderer(chromium, { ...pdfLimits, maxConcurrent: 1 });
    try {
      const finished: string[] = [];
      const print = (companyId: string, label: string) =>
        single.render(`<p>${label}</p>`, defaultTemplatePage, { companyId }).then(() => finished.push(label));
      const burst = ['a1', 'a2', 'a3', 'a4'].map((label) => print('company-a', label));
      const other = print('company-b', 'b1');
      await Promise.all([...burst, other]);
      // First come, first served would print b1 last, after all of A's.
      expect(finished).toEqual(['a1', 'b1', 'a2', 'a3', 'a4']);
    } finally {
      await single.close();
    }
  });

  it('refuses renders once the server closes it', async () => {
    const closing = createPdfRenderer(chromium);
    await closing.render('<p>First</p>', defaultTemplatePage, forCompany);
    await closing.close();
    await expect(closing.render('<p>Closed</p>', defaultTemplatePage, forCompany)).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
  });
});

describe('PDF rendering without a browser', () => {
  it('names what is missing, and says to install Chromium', async () => {
    const lookup = findChromium('/nowhere/chromium');
    expect(lookup).toEqual({
      found: false,
      reason: 'CHROMIUM_PATH=/nowhere/chromium is not an executable file',
    });
    const renderer = createPdfRenderer(lookup);
    expect(renderer.chromiumPath).toBeUndefined();
    await expect(renderer.render('<p>x</p>', defaultTemplatePage, forCompany)).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: pdfMessages.unavailable('CHROMIUM_PATH=/nowhere/chromium is not an executable file'),
    });
    expect(pdfMessages.unavailable('x')).toMatch(/install Chromium/);
  });
});
