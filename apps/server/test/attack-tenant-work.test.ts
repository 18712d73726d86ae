import type { TContactImportPreview, TTemplateCheck } from '@cargodesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startIamTestApp,
  type TIamTestApp,
  type TRegistered,
} from '../src/services/iamserver/iam-test-support.ts';
import { testDatabaseKinds } from './databases.ts';

// Security review, items 2 and 3: work whose cost a company's input decides (a template's loops, a
// CSV's shape) held the request thread, and every other company waited. Each hostile input here
// runs while another company's requests are timed back to back: each must be answered within a
// second, and the hostile call gets its answer (a problem shown, or a 4xx), never a 500.

/** The longest any other request may wait while the hostile work runs. */
const answerBoundMs = 1_000;

const nestedLoops = '{% for a in (1..3000) %}{% for b in (1..3000) %}x{% endfor %}{% endfor %}';

describe.each(testDatabaseKinds)('hostile tenant work on %s', (kind) => {
  let testApp: TIamTestApp;
  let hostile: TRegistered;
  let other: TRegistered;

  beforeAll(async () => {
    // A machine busy with other work must not end the honest file's read: this is about the others' wait.
    testApp = await startIamTestApp({ kind, environment: { TENANT_WORK_TIMEOUT_MS: '60000' } });
    hostile = await testApp.register('tenant-work-hostile');
    other = await testApp.register('tenant-work-other');
  });
  afterAll(async () => {
    await testApp?.close();
  });

  /**
   * Sends `/readyz` and the other company's template list, each again as soon as it is answered,
   * until `work` settles; the slowest answer of each. A request thread held by the work shows as
   * one slow answer: the request in flight waits for it.
   */
  const timeOthersDuring = async <T>(work: Promise<T>) => {
    let isDone = false;
    const settled = work.finally(() => {
      isDone = true;
    });
    const probe = async (request: () => Promise<{ statusCode: number }>) => {
      const times: number[] = [];
      while (!isDone) {
        const sentAt = performance.now();
        const response = await request();
        expect(response.statusCode).toBe(200);
        times.push(performance.now() - sentAt);
      }
      return { count: times.length, slowestMs: Math.round(Math.max(0, ...times)) };
    };
    const [result, readiness, otherCompany] = await Promise.all([
      settled,
      probe(() => testApp.app.inject({ method: 'GET', url: '/readyz' })),
      probe(() =>
        testApp.app.inject({
          method: 'GET',
          url: '/templateserver/api/v1/templates',
          headers: { authorization: other.jwt },
        }),
      ),
    ]);
    return { result, readiness, otherCompany };
  };

  const expectAnswered = ({ count, slowestMs }: { count: number; slowestMs: number }) => {
    expect(count).toBeGreaterThan(1);
    expect(slowestMs).toBeLessThan(answerBoundMs);
  };

  it('answers everyone else while two previews of nested 3,000-step loops run', async () => {
    const check = () =>
      testApp.app.inject({
        method: 'POST',
        url: '/templateserver/api/v1/templates/check',
        headers: { authorization: hostile.jwt },
        payload: { type: 'document', purpose: 'booking-confirmation', language: 'en', body: nestedLoops },
      });
    const { result, readiness, otherCompany } = await timeOthersDuring(
      Promise.all([check(), check(), check()]),
    );
    expectAnswered(readiness);
    expectAnswered(otherCompany);
    for (const response of result) {
      expect(response.statusCode, response.body).toBe(200);
      const { problems, preview } = (response.json() as { data: TTemplateCheck }).data;
      expect(problems).toEqual([expect.objectContaining({ message: expect.stringMatching(/too long/) })]);
      expect(preview).toBeNull();
    }
  });

  const preview = (body: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/contactserver/api/v1/contacts/imports/preview',
      headers: { authorization: hostile.jwt, 'content-type': 'text/csv' },
      payload: body,
    });

  it('answers everyone else while a 4 MB header of a million columns is previewed, and refuses it with 400', async () => {
    const header = `${Array.from({ length: 1_000_000 }, (_, index) => (index % 10).toString()).join(',')}\n`;
    const { result, readiness, otherCompany } = await timeOthersDuring(preview(`${header}x\n`));
    expectAnswered(readiness);
    expectAnswered(otherCompany);
    expect(result.statusCode, result.body).toBe(400);
    expect(result.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it('answers everyone else while a file of 199,000 one-cell rows is previewed', async () => {
    const rows = Array.from({ length: 199_000 }, (_, index) => `c${index}`).join('\n');
    const { result, readiness, otherCompany } = await timeOthersDuring(preview(`Name\n${rows}\n`));
    expectAnswered(readiness);
    expectAnswered(otherCompany);
    expect(result.statusCode, result.body).toBe(200);
    expect((result.json() as { data: TContactImportPreview }).data.rowCount).toBe(199_000);
  });
});
