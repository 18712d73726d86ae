import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { behaviourDatabaseKinds } from '../../test/databases.ts';
import { mails } from '../db/schema/index.ts';
import { startSmtpServer, waitFor } from './mail-test-support.ts';

type TDevMailList = {
  data: { _id: string; to: string; subject: string; text: string; html: string | null; createdAt: string }[];
};

describe.each(behaviourDatabaseKinds)('mail plugin on %s', (kind) => {
  describe('with the capture transport and the developer mailbox', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await buildTestApp({ kind, environment: { DEV_MAILBOX: 'true' } });
    });
    afterAll(async () => testApp?.close());

    const listMail = async (to: string) => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/dev/mail?to=${encodeURIComponent(to)}`,
      });
      expect(response.statusCode).toBe(200);
      return response.json<TDevMailList>();
    };

    it('captures mails, marks them sent and lists them newest first', async () => {
      const { app, database } = testApp;
      expect(app.mailer.isCapturing).toBe(true);
      const to = `${randomUUID()}@client.test`;
      const first = await app.mailer.enqueue({ to: [to], subject: 'First', text: 'One', html: '<p>One</p>' });
      const second = await app.mailer.enqueue({
        to: [`Dana <${to}>`, 'other@client.test'],
        subject: 'Second',
        text: 'Two',
      });
      await app.mailer.enqueue({ to: ['someone-else@client.test'], subject: 'Not for us', text: 'Three' });

      await waitFor('both mails to be sent', async () => {
        const rows = await database.db
          .select()
          .from(mails)
          .where(inArray(mails.id, [first, second]));
        return rows.length === 2 && rows.every((row) => row.status === 'sent' && row.messageId);
      });
      const { data } = await listMail(to);
      expect(data.map((mail) => mail._id)).toEqual([second, first]);
      expect(data[0]).toMatchObject({
        to: `Dana <${to}>, other@client.test`,
        subject: 'Second',
        text: 'Two',
        html: null,
      });
      expect(data[1]).toMatchObject({ to, subject: 'First', html: '<p>One</p>' });
      expect(new Date(data[0]?.createdAt ?? '').getTime()).toBeGreaterThanOrEqual(
        new Date(data[1]?.createdAt ?? '').getTime(),
      );

      const unfiltered = await testApp.app.inject({ method: 'GET', url: '/api/dev/mail' });
      expect(unfiltered.json<TDevMailList>().data.map((mail) => mail.subject)).toContain('Not for us');
    });

    it('renders the mailbox page escaped, with its links clickable', async () => {
      const { app } = testApp;
      const to = `${randomUUID()}@client.test`;
      await app.mailer.enqueue({
        to: [to],
        subject: '<script>alert("hi")</script> & more',
        text: 'Verify your address: https://app.test/auth/action?mode=verifyEmail&oobCode=a1b2.\n<b>not bold</b>',
      });
      const response = await app.inject({ method: 'GET', url: `/dev/mail?to=${encodeURIComponent(to)}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      const page = response.body;
      expect(page).not.toContain('<script');
      expect(page).toContain('&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &amp; more');
      expect(page).toContain('&lt;b&gt;not bold&lt;/b&gt;');
      expect(page).toContain(
        '<a href="https://app.test/auth/action?mode=verifyEmail&amp;oobCode=a1b2">https://app.test/auth/action?mode=verifyEmail&amp;oobCode=a1b2</a>.',
      );
      expect(page).toContain(to);
    });

    it('queues a mail inside a transaction only if it commits', async () => {
      const { app, database } = testApp;
      const to = `${randomUUID()}@client.test`;
      await database.db
        .transaction(async (tx) => {
          await app.mailer.enqueue({ to: [to], subject: 'Rolled back', text: 'Never' }, tx);
          tx.rollback();
        })
        .catch(() => {});
      await database.db.transaction(async (tx) => {
        await app.mailer.enqueue({ to: [to], subject: 'Committed', text: 'Sent' }, tx);
      });
      app.mailer.wake();
      const { data } = await listMail(to);
      expect(data.map((mail) => mail.subject)).toEqual(['Committed']);
    });

    it('answers a direct request from this machine', async () => {
      for (const url of ['/api/dev/mail', '/dev/mail']) {
        const response = await testApp.app.inject({ method: 'GET', url, remoteAddress: '::1' });
        expect(response.statusCode).toBe(200);
      }
    });

    it.each([
      ['X-Forwarded-For', { 'x-forwarded-for': '203.0.113.9' }],
      ['X-Forwarded-Host', { 'x-forwarded-host': 'cargodesk.example.com' }],
      ['X-Forwarded-Proto', { 'x-forwarded-proto': 'https' }],
      ['Forwarded', { forwarded: 'for=203.0.113.9;proto=https' }],
      ['X-Real-IP', { 'x-real-ip': '203.0.113.9' }],
    ])('hides itself from a request a proxy passed on (%s), as if it did not exist', async (_, headers) => {
      for (const url of ['/api/dev/mail', `/dev/mail?to=${'a'.repeat(400)}`]) {
        const response = await testApp.app.inject({ method: 'GET', url, headers });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          error: { code: 'NOT_FOUND', message: `No route for GET ${url.split('?')[0]}` },
        });
        expect(response.body).not.toContain('@client.test');
      }
    });

    it('hides itself from a request that came from another machine', async () => {
      for (const remoteAddress of ['192.0.2.7', '::ffff:10.0.0.2', '2001:db8::1']) {
        const response = await testApp.app.inject({ method: 'GET', url: '/api/dev/mail', remoteAddress });
        expect(response.statusCode).toBe(404);
      }
    });

    it('hides itself from a page of another site that points its name at this machine', async () => {
      // DNS rebinding: the browser connects to 127.0.0.1 but names the attacker's site in Host.
      for (const host of ['evil.example.com', 'evil.example.com:3000', 'localhost.evil.example.com']) {
        const response = await testApp.app.inject({ method: 'GET', url: '/api/dev/mail', headers: { host } });
        expect(response.statusCode).toBe(404);
      }
      for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
        const response = await testApp.app.inject({ method: 'GET', url: '/api/dev/mail', headers: { host } });
        expect(response.statusCode).toBe(200);
      }
    });

    it('rejects bad filters with 400', async () => {
      const response = await testApp.app.inject({
        method: 'GET',
        url: `/api/dev/mail?to=${'a'.repeat(400)}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    });
  });

  describe('with SMTP configured', () => {
    let testApp: TestApp;
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    beforeAll(async () => {
      smtp = await startSmtpServer();
      testApp = await buildTestApp({
        kind,
        environment: { SMTP_URL: smtp.url, MAIL_FROM: 'Freight Co <mail@freight.test>' },
      });
    });
    afterAll(async () => {
      await testApp?.close();
      await smtp?.close();
    });

    it('sends through SMTP at once and hides the developer mailbox', async () => {
      const { app } = testApp;
      expect(app.mailer.isCapturing).toBe(false);
      const id = await app.mailer.enqueue({
        to: ['dana@client.test'],
        subject: 'Welcome aboard',
        text: 'Hello',
      });
      const [message] = await waitFor('the mail to arrive', () => smtp.received.length > 0 && smtp.received);
      expect(message).toMatchObject({ subject: 'Welcome aboard', messageId: `<${id}@freight.test>` });
      expect(message?.raw).toMatch(/^From: Freight Co <mail@freight\.test>\r$/m);

      for (const url of ['/api/dev/mail', '/dev/mail']) {
        const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
      }
    });
  });
  describe('capturing without DEV_MAILBOX', () => {
    it('keeps the developer mailbox closed unless it is asked for', async () => {
      const testApp = await buildTestApp({ kind });
      try {
        expect(testApp.app.mailer).toMatchObject({ isCapturing: true, hasDevMailbox: false });
        await testApp.app.mailer.enqueue({ to: ['dana@client.test'], subject: 'Reset', text: 'Secret' });
        for (const url of ['/api/dev/mail', '/dev/mail']) {
          const response = await testApp.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
          expect(response.statusCode).toBe(404);
          expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
        }
        const config = await testApp.app.inject({ method: 'GET', url: '/api/config' });
        expect(config.json().data.devMailbox).toBe(false);
      } finally {
        await testApp.close();
      }
    });
  });
  describe('capturing while listening beyond loopback', () => {
    it('keeps the developer mailbox closed, since it would show reset links to anyone', async () => {
      const testApp = await buildTestApp({ kind, environment: { HOST: '0.0.0.0', DEV_MAILBOX: 'true' } });
      try {
        expect(testApp.app.mailer).toMatchObject({ isCapturing: true, hasDevMailbox: false });
        for (const url of ['/api/dev/mail', '/dev/mail']) {
          const response = await testApp.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
          expect(response.statusCode).toBe(404);
        }
        const config = await testApp.app.inject({ method: 'GET', url: '/api/config' });
        expect(config.json().data.devMailbox).toBe(false);
      } finally {
        await testApp.close();
      }
    });
  });
});
