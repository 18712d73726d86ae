import { mailMessages } from '@cargodesk/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, mails } from '../src/db/schema/index.ts';
import {
  startIamTestApp,
  type TIamTestApp,
  type TRegistered,
} from '../src/services/access/access-test-support.ts';
import { testDatabaseKinds } from './databases.ts';
import { routeCaller } from './route-helpers.ts';

// The review's relay (issue 36): sign up without verifying, register a company, and post mails of
// one `to` and 49 outside `bcc` in a loop. A company whose admin proved no address mails only its
// own people, and every company's allowance counts recipients, small on its first day.

describe.each(testDatabaseKinds)('mail relay on %s', (kind) => {
  let testApp: TIamTestApp;
  let other: TRegistered;
  const call = routeCaller(() => testApp.app, '/mailserver/api/v1');
  const sendAs = (token: string, body: object) => call('POST', '/send', token, body);
  const countMails = async (companyId: string) => {
    const [row] = await testApp.database.db
      .select({ value: sql<number>`count(*)::int` })
      .from(mails)
      .where(and(eq(mails.companyId, companyId), eq(mails.purpose, 'composer')));
    return row?.value ?? 0;
  };

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    other = await testApp.register('relay-other', undefined, { isVerified: true });
  });
  afterAll(async () => testApp?.close());

  const fiftyOutside = (label: string) => ({
    to: [`${label}-0@client.test`],
    bcc: Array.from({ length: 49 }, (_, n) => `${label}-${n + 1}@client.test`),
    subject: `Offer ${label}`,
  });

  it("counts recipients, not mails, against a new company's small first-day allowance", async () => {
    const fresh = await testApp.register('mail-fresh', undefined, { isVerified: true });
    for (const label of ['a', 'b']) {
      const sent = await sendAs(fresh.jwt, fiftyOutside(label));
      expect(sent.statusCode, sent.body).toBe(201);
    }
    // 100 recipients on its first day (MAIL_NEW_COMPANY_RECIPIENT_LIMIT): the third is refused, queued nowhere.
    const refused = await sendAs(fresh.jwt, fiftyOutside('c'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      mailMessages.recipientLimit({ limit: 100, remaining: 0 }),
    );
    expect(await countMails(fresh.companyId)).toBe(2);
    // Other companies are not affected.
    expect((await sendAs(other.jwt, { to: ['a@client.test'], subject: 'Mine' })).statusCode).toBe(201);

    // A week old, it has grown halfway to the full 2000 (MAIL_RECIPIENT_LIMIT_RAMP_DAYS 14): 1050.
    await testApp.database.db
      .update(companies)
      .set({ createdAt: new Date(Date.now() - 7.5 * 24 * 60 * 60 * 1000) })
      .where(eq(companies.id, fresh.companyId));
    const outside = (label: string, count: number) => ({
      to: [`${label}@client.test`],
      cc: Array.from({ length: count - 1 }, (_, n) => `${label}-${n}@client.test`),
      subject: `Notice ${label}`,
    });
    expect((await sendAs(fresh.jwt, outside('e', 31))).statusCode).toBe(201);
    // 131 used, 919 left: eighteen of twenty parallel mails of fifty pass, counted one after another.
    const parallel = await Promise.all(
      Array.from({ length: 20 }, (_, n) => sendAs(fresh.jwt, fiftyOutside(`d${n}`))),
    );
    expect(parallel.filter((response) => response.statusCode === 201)).toHaveLength(18);
    for (const response of parallel.filter((each) => each.statusCode !== 201)) {
      expect(response.statusCode).toBe(429);
      expect(response.json<{ error: { message: string } }>().error.message).toBe(
        mailMessages.recipientLimit({ limit: 1050, remaining: 19 }),
      );
    }
    expect((await sendAs(fresh.jwt, outside('f', 19))).statusCode).toBe(201);
    expect((await sendAs(fresh.jwt, outside('g', 1))).statusCode).toBe(429);
    expect(await countMails(fresh.companyId)).toBe(22);
  });

  it('lets a company whose admin has not verified their address mail its own people only', async () => {
    const unverified = await testApp.register('mail-unverified', 'Anyname Ltd');
    const colleague = await testApp.addUser(unverified, {
      label: 'mail-unverified-colleague',
      role: { systemKey: 'member' },
    });
    const refused = await sendAs(unverified.jwt, fiftyOutside('u'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      mailMessages.verifyToMailOutside,
    );
    // One outsider among colleagues is enough to refuse; a verified colleague changes nothing.
    await testApp.verifyEmail(colleague.email);
    const mixed = await sendAs(colleague.jwt, {
      to: [unverified.email],
      cc: ['outsider@client.test'],
      subject: 'Mixed',
    });
    expect(mixed.statusCode).toBe(403);
    expect(await countMails(unverified.companyId)).toBe(0);

    // Its own people, in any case.
    const inside = await sendAs(unverified.jwt, { to: [colleague.email.toUpperCase()], subject: 'Team' });
    expect(inside.statusCode, inside.body).toBe(201);

    // Once the admin opens the link, the same session mails outside.
    await testApp.verifyEmail(unverified.email);
    const after = await sendAs(unverified.jwt, { to: ['client@client.test'], subject: 'Offer' });
    expect(after.statusCode, after.body).toBe(201);
  });
});
