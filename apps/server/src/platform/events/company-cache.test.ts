import { describe, expect, it } from 'vitest';
import { createTestChangeFeed } from './change-feed-test-support.ts';
import { createCompanyCache } from './company-cache.ts';

describe('the per-instance cache of company values', () => {
  it("keeps a total per company and filter until that company's list changes", () => {
    const feed = createTestChangeFeed();
    const totals = createCompanyCache<number>(feed, { changeKind: 'audit' });
    totals.lookup('c1', 'all').keep(120);
    totals.lookup('c1', 'users').keep(7);
    totals.lookup('c2', 'all').keep(3);
    expect(totals.lookup('c1', 'all').value).toBe(120);
    expect(totals.lookup('c1', 'users').value).toBe(7);

    // Another kind of change, or another company's, leaves it.
    feed.send({ kind: 'access', companyId: 'c1' });
    feed.send({ kind: 'audit', companyId: 'c2' });
    expect(totals.lookup('c1', 'all').value).toBe(120);
    expect(totals.lookup('c2', 'all').value).toBeUndefined();

    feed.send({ kind: 'audit', companyId: 'c1' });
    expect(totals.lookup('c1', 'all').value).toBeUndefined();
    expect(totals.lookup('c1', 'users').value).toBeUndefined();
  });

  it('keeps no total counted before a change it heard of, and serves none while notices cannot be heard', () => {
    const feed = createTestChangeFeed();
    const totals = createCompanyCache<number>(feed, { changeKind: 'audit' });
    const counting = totals.lookup('c1', 'all');
    feed.send({ kind: 'audit', companyId: 'c1' });
    counting.keep(120);
    expect(totals.lookup('c1', 'all').value).toBeUndefined();

    const beforeEverything = totals.lookup('c1', 'all');
    feed.send({ kind: 'everything' });
    beforeEverything.keep(120);
    expect(totals.lookup('c1', 'all').value).toBeUndefined();

    totals.lookup('c1', 'all').keep(121);
    feed.setLive(false);
    expect(totals.lookup('c1', 'all').value).toBeUndefined();
    totals.lookup('c1', 'other').keep(5);
    feed.setLive(true);
    expect(totals.lookup('c1', 'other').value).toBeUndefined();
    expect(totals.lookup('c1', 'all').value).toBe(121);
  });

  it('starts afresh rather than grow past its bound', () => {
    const feed = createTestChangeFeed();
    const totals = createCompanyCache<number>(feed, { changeKind: 'audit', maxEntries: 2 });
    totals.lookup('c1', 'a').keep(1);
    totals.lookup('c1', 'b').keep(2);
    totals.lookup('c1', 'b').keep(3);
    expect(totals.lookup('c1', 'a').value).toBe(1);
    totals.lookup('c2', 'a').keep(4);
    expect(totals.lookup('c1', 'a').value).toBeUndefined();
    expect(totals.lookup('c2', 'a').value).toBe(4);
  });
});
