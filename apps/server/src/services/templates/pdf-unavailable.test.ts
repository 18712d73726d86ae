import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeCaller } from '../../../test/route-helpers.ts';
import { pdfMessages } from '../../pdf/pdf-renderer.ts';
import { startIamTestApp, type TIamTestApp } from '../access/access-test-support.ts';

// A server without Chromium: PDF actions say what to install, and everything else works as before.
describe('templates on a server without Chromium', () => {
  let testApp: TIamTestApp;
  const call = routeCaller(() => testApp.app, '/templateserver/api/v1');

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind: 'pglite', environment: { CHROMIUM_PATH: '/nowhere/chromium' } });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('answers PDF requests with 503 naming what to install, and keeps the rest working', async () => {
    const admin = await testApp.register('templates-no-chromium');
    const draft = { type: 'document', purpose: 'other', body: '<p>{{ company.name }}</p>' };
    const printed = await call('POST', '/templates/pdf', admin.jwt, draft);
    expect(printed.statusCode).toBe(503);
    expect(printed.json()).toEqual({
      error: {
        code: 'UNAVAILABLE',
        message: pdfMessages.unavailable('CHROMIUM_PATH=/nowhere/chromium is not an executable file'),
      },
    });
    expect(printed.json().error.message).toMatch(
      /install Chromium \(the chromium package\) or set CHROMIUM_PATH/,
    );

    const checked = await call('POST', '/templates/check', admin.jwt, draft);
    expect(checked.statusCode).toBe(200);
    const listed = await call('GET', '/templates', admin.jwt);
    expect(listed.json().meta.total).toBe(36);
  });
});
