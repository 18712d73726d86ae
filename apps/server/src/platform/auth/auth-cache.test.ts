import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../../test/databases.ts';
import {
  startIamTestApp,
  type TIamTestApp,
  type TRegistered,
} from '../../services/access/access-test-support.ts';
import { createTestChangeFeed } from '../events/change-feed-test-support.ts';
import { createAuthCache } from './auth-cache.ts';

const caller = { sessionId: 's1', userId: 'u1', companyId: 'c1' };
const claims = { sid: 's1', sub: 'u1', cid: 'c1' };

describe('the per-instance caller cache', () => {
  it('serves a caller until its session ends, its company changes or the claims differ', () => {
    const feed = createTestChangeFeed();
    const cache = createAuthCache(feed);
    cache.set(caller, 1000, cache.stamp('c1'), 0);
    expect(cache.get(claims, 10)).toBe(caller);
    expect(cache.get({ ...claims, sub: 'u2' }, 10)).toBeUndefined();
    cache.set(caller, 1000, cache.stamp('c1'), 0);
    expect(cache.get(claims, 1000)).toBeUndefined();
    cache.set(caller, 1000, cache.stamp('c1'), 0);
    feed.send({ kind: 'access', companyId: 'c2' });
    expect(cache.get(claims, 10)).toBe(caller);
    feed.send({ kind: 'access', companyId: 'c1' });
    expect(cache.get(claims, 10)).toBeUndefined();
  });

  it("keeps an API token's caller under its own key, found only with that key and company", () => {
    const feed = createTestChangeFeed();
    const cache = createAuthCache(feed);
    const key = 'api-token:t1:hash-of-the-right-secret';
    cache.set(caller, 1000, cache.stamp('c1'), 0, key);
    expect(cache.get({ sid: key, cid: 'c1' }, 10)).toBe(caller);
    expect(cache.get({ sid: 'api-token:t1:hash-of-a-wrong-secret', cid: 'c1' }, 10)).toBeUndefined();
    expect(cache.get({ sid: key, cid: 'c2' }, 10)).toBeUndefined();
    cache.set(caller, 1000, cache.stamp('c1'), 0, key);
    // Not under the session id the context carries.
    expect(cache.get(claims, 10)).toBeUndefined();
    feed.send({ kind: 'access', companyId: 'c1' });
    expect(cache.get({ sid: key, cid: 'c1' }, 10)).toBeUndefined();
  });

  it('keeps nothing read before a change it heard of, and nothing while notices cannot be heard', () => {
    const feed = createTestChangeFeed();
    const cache = createAuthCache(feed);
    const stamp = cache.stamp('c1');
    feed.send({ kind: 'access', companyId: 'c1' });
    cache.set(caller, 1000, stamp, 0);
    expect(cache.get(claims, 10)).toBeUndefined();
    const everythingStamp = cache.stamp('c1');
    feed.send({ kind: 'everything' });
    cache.set(caller, 1000, everythingStamp, 0);
    expect(cache.get(claims, 10)).toBeUndefined();
    feed.setLive(false);
    cache.set(caller, 1000, cache.stamp('c1'), 0);
    expect(cache.size()).toBe(0);
    feed.setLive(true);
    cache.set(caller, 1000, cache.stamp('c1'), 0);
    feed.setLive(false);
    expect(cache.get(claims, 10)).toBeUndefined();
  });
});

// Every writer of the tables a caller is built from is caught by the triggers of migration 0024, so
// these changes are made behind the app's back, as the database owner: a held caller must still go.
describe.each(testDatabaseKinds)('a held caller after a change to what it is built from, on %s', (kind) => {
  let testApp: TIamTestApp;
  const auditStatus = async (admin: TRegistered) =>
    (await testApp.app.inject({ url: '/logserver/api/v1/audit', headers: { authorization: admin.jwt } }))
      .statusCode;
  const signedInAdmin = async (label: string) => {
    const admin = await testApp.register(label);
    expect(await auditStatus(admin)).toBe(200);
    expect(await auditStatus(admin)).toBe(200);
    // The caller is held: what follows proves the notice drops it, not that it was never kept.
    expect(testApp.app.authCache.size()).toBeGreaterThan(0);
    return admin;
  };

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const run = (query: ReturnType<typeof sql>) => testApp.app.database.db.execute(query);

  it.each([
    [
      'its session is revoked',
      (admin: TRegistered) => sql`update sessions set revoked_at = now() where user_id = ${admin.userId}`,
      401,
    ],
    [
      'its session is deleted',
      (admin: TRegistered) => sql`delete from sessions where user_id = ${admin.userId}`,
      401,
    ],
    [
      'its session expires early',
      (admin: TRegistered) =>
        sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${admin.userId}`,
      401,
    ],
    [
      'the user is suspended',
      (admin: TRegistered) => sql`update users set status = 'suspended' where id = ${admin.userId}`,
      403,
    ],
    [
      'the company is suspended',
      (admin: TRegistered) => sql`update companies set status = 'suspended' where id = ${admin.companyId}`,
      403,
    ],
    [
      'the user loses its roles',
      (admin: TRegistered) => sql`delete from user_roles where user_id = ${admin.userId}`,
      403,
    ],
    [
      'its role loses its permissions',
      (admin: TRegistered) =>
        sql`update roles set system_key = null, permissions = '{}' where company_id = ${admin.companyId}`,
      403,
    ],
  ])('refuses at once when %s', async (_change, change, status) => {
    const admin = await signedInAdmin('held-caller');
    await run(change(admin));
    expect(await auditStatus(admin)).toBe(status);
  });
});
