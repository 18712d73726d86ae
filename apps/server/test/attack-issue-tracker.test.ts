import type { TIssueSummary } from '@cargodesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackerIssues } from '../src/db/schema/index.ts';
import { withTenant } from '../src/platform/data-access/tenant-transaction.ts';
import {
  startIamTestApp,
  type TIamTestApp,
  type TRegistered,
} from '../src/services/access/access-test-support.ts';
import { behaviourDatabaseKinds } from './databases.ts';
import { uploadTinyPng } from './multipart.ts';
import { routeCaller } from './route-helpers.ts';

// docs/security.md, V4: the issue tracker keeps each company's problems to itself and to Cargodesk
// support. Another company's ids in a body are refused, its issues are in no list, the platform
// console answers no company admin, and row-level security hides the rows even from a query that
// forgets the company filter.

describe.each(behaviourDatabaseKinds)('issue tracker tenancy on %s', (kind) => {
  let testApp: TIamTestApp;
  let adminA: TRegistered;
  let adminB: TRegistered;
  let issueId: string;
  const call = routeCaller(() => testApp.app, '/iamserver/api/v1');

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    adminA = await testApp.register('attack-issues-a');
    adminB = await testApp.register('attack-issues-b');
    const created = await call('POST', '/issue/tracker', adminA.jwt, { title: 'Company A secret problem' });
    expect(created.statusCode, created.body).toBe(201);
    issueId = created.json().data._id;
  });
  afterAll(async () => testApp?.close());

  it("refuses company A's file and user ids in company B's bodies", async () => {
    const fileOfA = await uploadTinyPng(testApp.app, adminA.jwt, 'a.png');
    const withFile = await call('POST', '/issue/tracker', adminB.jwt, { title: 'Steal', fileId: fileOfA });
    expect(withFile.statusCode).toBe(400);
    const created = await call('POST', '/issue/tracker', adminB.jwt, { title: 'Mine' });
    const assigned = await call('PATCH', `/issue/tracker/${created.json().data._id}`, adminB.jwt, {
      assigneeId: adminA.userId,
    });
    expect(assigned.statusCode).toBe(400);
  });

  it("lists none of company A's issues to company B, whatever the search", async () => {
    for (const query of ['', '?q=secret', '?status=open', '?mine=false&pageSize=100']) {
      const list = await call('GET', `/issue/tracker${query}`, adminB.jwt);
      expect((list.json() as { data: TIssueSummary[] }).data.map((issue) => issue._id)).not.toContain(
        issueId,
      );
    }
  });

  it("answers 404 to company B's admin on every route of company A's issue", async () => {
    expect((await call('GET', `/issue/tracker/${issueId}`, adminB.jwt)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/issue/tracker/${issueId}`, adminB.jwt, { status: 'resolved' })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/issue/tracker/${issueId}/comments`, adminB.jwt, { body: 'x' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/issue/tracker/${issueId}`, adminB.jwt)).statusCode).toBe(404);
  });

  it('keeps the platform console from company admins', async () => {
    for (const [method, url, body] of [
      ['GET', '/app-admin/issues', undefined],
      ['GET', `/app-admin/issues/${issueId}`, undefined],
      ['PATCH', `/app-admin/issues/${issueId}`, { status: 'resolved' }],
      ['POST', `/app-admin/issues/${issueId}/comments`, { body: 'x' }],
    ] as const) {
      expect((await call(method, url, adminB.jwt, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("shows company B's tenant transaction none of A's rows even without a company filter", async () => {
    const rows = await withTenant(testApp.database.db, adminB.companyId, (tx) =>
      tx.select().from(trackerIssues),
    );
    expect(rows.map((row) => row.id)).not.toContain(issueId);
    const none = await withTenant(testApp.database.db, null, (tx) => tx.select().from(trackerIssues));
    expect(none).toEqual([]);
  });
});
