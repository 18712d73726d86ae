import type { FastifyInstance } from 'fastify';
import { findChromium } from './find-chromium.ts';
import { createPdfRenderer, type TPdfRenderer } from './pdf-renderer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    pdf: TPdfRenderer;
  }
}

/**
 * PDF rendering for the modules: the browser is looked for now, so the start banner can name it;
 * it is started on the first render and stopped with the server.
 */
export const registerPdfRendering = (app: FastifyInstance, renderer?: TPdfRenderer) => {
  const pdf = renderer ?? createPdfRenderer(findChromium(app.config.chromiumPath));
  app.decorate('pdf', pdf);
  app.addHook('onClose', async () => pdf.close());
};
