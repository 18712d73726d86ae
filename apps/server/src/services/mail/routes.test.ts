import { randomBytes } from 'node:crypto';
import { fileMessages, mailMessages, messages, type TNotification, type TSentMail } from '@cargodesk/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../../test/databases.ts';
import { multipartBody, tinyPdf } from '../../../test/multipart.ts';
import { routeCaller } from '../../../test/route-helpers.ts';
import { auditEvents, companies, files, mails } from '../../db/schema/index.ts';
import {
  createTestLogger,
  readAttachment,
  readHeader,
  startSmtpServer,
  waitFor,
} from '../../mail/mail-test-support.ts';
import type { TAuthContext } from '../../platform/auth/auth-context.ts';
import { createId } from '../../platform/data-access/ids.ts';
import { withTenant } from '../../platform/data-access/tenant-transaction.ts';
import { fileStoreKey } from '../../platform/files/file-store.ts';
import { sweepFiles } from '../../platform/files/file-sweep.ts';
import { startIamTestApp, type TIamTestApp, type TRegistered } from '../access/access-test-support.ts';
import { findCompanyFileForAttaching } from '../files/service.ts';

const base = '/mailserver/api/v1';

const upload = async (testApp: TIamTestApp, token: string, bytes: Buffer, fileName = 'manifest.pdf') => {
  const { payload, headers } = multipartBody([
    { name: 'file', fileName, contentType: 'application/pdf', bytes },
  ]);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/driveserver/api/v1/filesystem/file',
    headers: { authorization: token, ...headers },
    payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { _id: string } }>().data._id;
};

const pdfOf = (size: number) => Buffer.concat([tinyPdf, randomBytes(Math.max(0, size - tinyPdf.length))]);

describe.each(testDatabaseKinds)('mailserver on %s', (kind) => {
  let testApp: TIamTestApp;
  let admin: TRegistered;
  let member: TRegistered;
  let viewer: TRegistered;
  let other: TRegistered;

  const call = routeCaller(() => testApp.app, base);
  const sendAs = (token: string, body: object) => call('POST', '/send', token, body);
  const sentOf = async (token: string) => {
    const response = await call('GET', '/sent', token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: TSentMail[]; meta: { total: number } }>();
  };
  const countMails = async (companyId: string) => {
    const [row] = await testApp.database.db
      .select({ value: sql<number>`count(*)::int` })
      .from(mails)
      .where(and(eq(mails.companyId, companyId), eq(mails.purpose, 'composer')));
    return row?.value ?? 0;
  };

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    // Companies whose admin proved their address: they may mail outside (the last tests show otherwise).
    admin = await testApp.register('mail-admin', 'Harbour & "Sons" Freight', { isVerified: true });
    member = await testApp.addUser(admin, { label: 'mail-member', role: { systemKey: 'member' } });
    viewer = await testApp.addUser(admin, { label: 'mail-viewer', role: { systemKey: 'viewer' } });
    other = await testApp.register('mail-other', undefined, { isVerified: true });
  });
  afterAll(async () => testApp?.close());

  it('answers 401 without a token and 403 without mail:send', async () => {
    expect((await sendAs('', { to: ['a@client.test'], subject: 'Hi' })).statusCode).toBe(401);
    const denied = await sendAs(viewer.jwt, { to: ['a@client.test'], subject: 'Hi' });
    expect(denied.statusCode).toBe(403);
    expect((await call('GET', '/sent', viewer.jwt)).statusCode).toBe(403);
  });

  it('queues a sanitised mail with its attachment from the company, from the company, replying to the sender', async () => {
    const fileId = await upload(testApp, member.jwt, tinyPdf);
    const response = await sendAs(member.jwt, {
      to: ['dana@client.test', 'DANA@client.test'],
      cc: ['ops@client.test'],
      bcc: ['audit@client.test'],
      subject: 'Manifest for voyage 42',
      html: '<p onclick="steal()">Hello <b>Dana</b><script>alert(1)</script><img src="https://tracker.test/p.gif"> <a href="javascript:alert(1)">x</a> <a href="https://ok.test/">ok</a></p>',
      attachmentFileIds: [fileId],
    });
    expect(response.statusCode, response.body).toBe(201);
    const sent = response.json<{ data: TSentMail }>().data;
    expect(sent).toMatchObject({
      to: ['dana@client.test'],
      cc: ['ops@client.test'],
      bcc: ['audit@client.test'],
      subject: 'Manifest for voyage 42',
      attachments: [{ filename: 'manifest.pdf', size: tinyPdf.length }],
    });
    const [row] = await testApp.database.db.select().from(mails).where(eq(mails.id, sent._id));
    expect(row?.html).toBe('<p>Hello <b>Dana</b> <a>x</a> <a href="https://ok.test/">ok</a></p>');
    expect(row?.text).toBe('Hello Dana x ok');
    expect(row?.fromAddress).toBe('"Harbour & \\"Sons\\" Freight via Cargodesk" <no-reply@cargodesk.local>');
    expect(row?.replyTo).toBe(`"Test mail-member" <${member.email}>`);
    expect(row).toMatchObject({ purpose: 'composer', createdBy: member.userId, companyId: admin.companyId });

    await waitFor('the mail to be sent', async () => (await sentOf(member.jwt)).data[0]?.status === 'sent');
    const { data, meta } = await sentOf(member.jwt);
    expect(meta.total).toBe(1);
    expect(data[0]).toMatchObject({ _id: sent._id, status: 'sent', failReason: null });
    // Another user's Sent list is their own.
    expect((await sentOf(admin.jwt)).data).toEqual([]);

    const [audit] = await testApp.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, admin.companyId), eq(auditEvents.entityId, sent._id)));
    expect(audit).toMatchObject({ entityType: 'mail', action: 'create', actorUserId: member.userId });
  });

  it('refuses malformed and oversized mails with clear messages, queueing nothing', async () => {
    const before = await countMails(admin.companyId);
    const many = Array.from({ length: 2000 }, (_, n) => `r${n}@client.test`);
    const cases: [object, RegExp | string][] = [
      [{ to: ['a@client.test'], subject: 'Hi', extra: true }, /extra/],
      [{ to: ['not an address'], subject: 'Hi' }, /must be an email address/],
      [{ to: many, subject: 'Hi' }, mailMessages.tooManyRecipients],
      [{ to: [], subject: 'Hi' }, mailMessages.noRecipients],
      [{ to: ['a@client.test'], subject: 'Hi\r\nBcc: victim@client.test' }, mailMessages.headerInjection],
      [{ to: ['a@client.test'], subject: 'Hi\nthere' }, mailMessages.headerInjection],
      [{ to: ['a@client.test'], subject: '' }, /subject/],
      [{ to: ['a@client.test'], subject: 'x'.repeat(201) }, /subject/],
      [{ to: ['a@client.test'], subject: 'Hi', html: 42 }, /html/],
      [{ to: ['a@client.test\r\nBcc: x@client.test'], subject: 'Hi' }, /must be an email address/],
    ];
    for (const [body, message] of cases) {
      const response = await sendAs(member.jwt, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(response.json<{ error: { message: string } }>().error.message).toMatch(message);
    }
    // 51 recipients across to, cc and bcc.
    const split = await sendAs(member.jwt, {
      to: many.slice(0, 20),
      cc: many.slice(20, 40),
      bcc: many.slice(40, 51),
      subject: 'Hi',
    });
    expect(split.statusCode).toBe(400);
    expect(split.json<{ error: { message: string } }>().error.message).toContain(
      mailMessages.tooManyRecipients,
    );

    // Another company's file, and files totalling over the limit.
    const foreign = await upload(testApp, other.jwt, tinyPdf);
    const notOurs = await sendAs(member.jwt, {
      to: ['a@client.test'],
      subject: 'Hi',
      attachmentFileIds: [foreign],
    });
    expect(notOurs.statusCode).toBe(400);
    expect(notOurs.body).toContain(mailMessages.attachmentNotFound);
    const hugeId = createId();
    await testApp.database.db.insert(files).values({
      companyId: admin.companyId,
      id: hugeId,
      name: 'huge.pdf',
      contentType: 'application/pdf',
      size: 30 * 1024 * 1024,
      sha256: '0',
      storageKey: `${admin.companyId}/${hugeId}`,
    });
    const huge = await sendAs(member.jwt, {
      to: ['a@client.test'],
      subject: 'Hi',
      attachmentFileIds: [hugeId],
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json<{ error: { message: string } }>().error.message).toBe(mailMessages.attachmentsTooLarge);
    expect(await countMails(admin.companyId)).toBe(before);
  });

  it('refuses to send or retry while the plan is expired, with the spec toast', async () => {
    const expired = await testApp.register('mail-expired');
    await testApp.database.db
      .update(companies)
      .set({ planExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(companies.id, expired.companyId));
    const response = await sendAs(expired.jwt, { to: ['a@client.test'], subject: 'Hi' });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ error: { message: string } }>().error.message).toBe(messages.subscriptionExpired);
    expect(await countMails(expired.companyId)).toBe(0);
  });

  it("retries a failed mail of one's own; 404 for other companies' and users', 409 unless failed", async () => {
    const response = await sendAs(member.jwt, { to: ['retry@client.test'], subject: 'Retry me' });
    const { _id: id } = response.json<{ data: TSentMail }>().data;
    await waitFor('the mail to be sent', async () =>
      (await sentOf(member.jwt)).data.some((mail) => mail._id === id && mail.status === 'sent'),
    );
    expect((await call('POST', `/sent/${id}/retry`, member.jwt)).statusCode).toBe(409);
    await testApp.database.db
      .update(mails)
      .set({ status: 'failed', lastError: '550 mailbox unavailable', attempts: 15 })
      .where(eq(mails.id, id));
    expect((await sentOf(member.jwt)).data.find((mail) => mail._id === id)).toMatchObject({
      status: 'failed',
      failReason: '550 mailbox unavailable',
    });
    expect((await call('POST', `/sent/${id}/retry`, other.jwt)).statusCode).toBe(404);
    expect((await call('POST', `/sent/${id}/retry`, admin.jwt)).statusCode).toBe(404);
    expect((await call('POST', '/sent/not-an-id/retry', member.jwt)).statusCode).toBe(400);
    const retried = await call('POST', `/sent/${id}/retry`, member.jwt);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<{ data: TSentMail }>().data).toMatchObject({
      status: 'queued',
      failReason: null,
      attempts: 0,
    });
    await waitFor('the retried mail to be sent', async () =>
      (await sentOf(member.jwt)).data.some((mail) => mail._id === id && mail.status === 'sent'),
    );
  });

  it('keeps a file while a mail not yet sent attaches it, and fails a retried mail whose file was deleted since', async () => {
    const bytes = pdfOf(2000);
    const fileId = await upload(testApp, member.jwt, bytes, 'customs.pdf');
    const response = await sendAs(member.jwt, {
      to: ['dana@client.test'],
      subject: 'Customs papers',
      attachmentFileIds: [fileId],
    });
    expect(response.statusCode, response.body).toBe(201);
    const { _id: id } = response.json<{ data: TSentMail }>().data;
    await waitFor('the mail to be sent', async () =>
      (await sentOf(member.jwt)).data.some((mail) => mail._id === id && mail.status === 'sent'),
    );
    // As it would be during an SMTP outage: queued, its next attempt a while off.
    await testApp.database.db
      .update(mails)
      .set({ status: 'queued', nextAttemptAt: sql`now() + interval '1 day'` })
      .where(eq(mails.id, id));
    const removeFile = () =>
      testApp.app.inject({
        method: 'DELETE',
        url: `/driveserver/api/v1/filesystem/file/${fileId}`,
        headers: { authorization: member.jwt },
      });
    const refused = await removeFile();
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<{ error: { code: string; message: string } }>().error).toMatchObject({
      code: 'CONFLICT',
      message: fileMessages.inUnsentMail,
    });
    // The sweep keeps it too: its row is still there, however old the bytes.
    const { logger } = createTestLogger();
    await sweepFiles({
      database: testApp.database,
      fileStore: testApp.app.fileStore,
      logger,
      olderThan: new Date(Date.now() + 60_000),
    });
    const stored = await testApp.app.fileStore.open(fileStoreKey(admin.companyId, fileId));
    expect(stored).toBeDefined();
    stored?.destroy();
    await testApp.database.db.update(mails).set({ status: 'sending' }).where(eq(mails.id, id));
    expect((await removeFile()).statusCode).toBe(409);

    // A failed mail holds nothing: the file goes, and a retry fails at once, saying why.
    await testApp.database.db
      .update(mails)
      .set({ status: 'failed', lastError: '421 try later', attempts: 15 })
      .where(eq(mails.id, id));
    const removed = await removeFile();
    expect(removed.statusCode, removed.body).toBe(200);
    const retried = await call('POST', `/sent/${id}/retry`, member.jwt);
    expect(retried.statusCode, retried.body).toBe(200);
    await waitFor('the retried mail to fail', async () =>
      (await sentOf(member.jwt)).data.some((mail) => mail._id === id && mail.status === 'failed'),
    );
    expect((await sentOf(member.jwt)).data.find((mail) => mail._id === id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      failReason: 'The attachment "customs.pdf" was deleted before the mail was sent.',
      attachments: [{ filename: 'customs.pdf', size: bytes.length }],
    });
  });

  // PGlite runs one transaction at a time, so the two cannot overlap there.
  it.runIf(kind === 'postgres')(
    'refuses to delete a file that a mail being queued at that moment attaches',
    async () => {
      const fileId = await upload(testApp, member.jwt, tinyPdf, 'race.pdf');
      let deleting: Promise<{ statusCode: number; body: string }> | undefined;
      // The composer's transaction: the file checked and held, then the mail queued.
      await withTenant(testApp.database.db, admin.companyId, async (tx) => {
        // The composer's caller; a file no module keeps asks nothing of them but their company.
        const caller = { companyId: admin.companyId, permissions: ['mail:send'] } as unknown as TAuthContext;
        const file = await findCompanyFileForAttaching(tx, caller, fileId);
        expect(file).toBeDefined();
        deleting = testApp.app.inject({
          method: 'DELETE',
          url: `/driveserver/api/v1/filesystem/file/${fileId}`,
          headers: { authorization: member.jwt },
        });
        // Long enough for the removal to reach the row and wait for this transaction.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await testApp.app.mailer.enqueue(
          {
            companyId: admin.companyId,
            createdBy: member.userId,
            purpose: 'composer',
            to: ['dana@client.test'],
            subject: 'Race',
            text: 'Attached.',
            attachments: [
              {
                filename: 'race.pdf',
                contentType: 'application/pdf',
                size: tinyPdf.length,
                companyId: admin.companyId,
                fileId,
              },
            ],
          },
          tx,
        );
        // Held until the worker has had it: the removal must see it unsent.
        await tx
          .update(mails)
          .set({ nextAttemptAt: sql`now() + interval '1 day'` })
          .where(eq(mails.subject, 'Race'));
      });
      const refused = await deleting;
      expect(refused?.statusCode, refused?.body).toBe(409);
    },
  );

  it('finds sent mails by subject or recipient and by status, within the page query rules', async () => {
    const sender = await testApp.register('mail-search', undefined, { isVerified: true });
    for (const [to, subject] of [
      ['dana@client.test', 'Manifest 100%'],
      ['erik@harbour.test', 'Invoice March'],
      ['fay@client.test', 'Invoice April'],
    ] as const) {
      expect((await sendAs(sender.jwt, { to: [to], subject })).statusCode).toBe(201);
    }
    await waitFor('the mails to be sent', async () =>
      (await sentOf(sender.jwt)).data.every((mail) => mail.status === 'sent'),
    );
    await testApp.database.db
      .update(mails)
      .set({ status: 'failed', lastError: 'Mailbox full' })
      .where(and(eq(mails.companyId, sender.companyId), eq(mails.subject, 'Invoice April')));
    const subjectsOf = async (query: string) => {
      const response = await call('GET', `/sent?${query}`, sender.jwt);
      expect(response.statusCode, response.body).toBe(200);
      const { data, meta } = response.json<{ data: TSentMail[]; meta: { total: number } }>();
      expect(meta.total).toBe(data.length);
      return data.map((mail) => mail.subject);
    };
    expect(await subjectsOf('q=invoice')).toEqual(['Invoice April', 'Invoice March']);
    expect(await subjectsOf('q=harbour.test')).toEqual(['Invoice March']);
    // LIKE's wildcards are searched for as typed.
    expect(await subjectsOf('q=100%25')).toEqual(['Manifest 100%']);
    expect(await subjectsOf('status=failed')).toEqual(['Invoice April']);
    expect(await subjectsOf('status=sent&q=invoice')).toEqual(['Invoice March']);
    expect(await subjectsOf('status=queued')).toEqual([]);
    // A contact's page asks for the mails to its addresses: exact addresses, any case.
    expect(await subjectsOf('recipients=DANA%40client.test,fay%40client.test')).toEqual([
      'Invoice April',
      'Manifest 100%',
    ]);
    expect(await subjectsOf('recipients=ana%40client.test')).toEqual([]);
    for (const bad of ['status=lost', 'sort=subject', 'pageSize=1000', 'recipients=not-an-address']) {
      expect((await call('GET', `/sent?${bad}`, sender.jwt)).statusCode, bad).toBe(400);
    }
  });

  // The security review's relay: a fresh company, one `to` and 49 `bcc` outside addresses a mail.
  it('tells colleagues among the recipients that files were shared with them, in the same send', async () => {
    const sender = await testApp.register('mail-sharer', 'Share Freight', { isVerified: true });
    const colleague = await testApp.addUser(sender, {
      label: 'mail-colleague',
      role: { systemKey: 'viewer' },
    });
    const second = await testApp.addUser(sender, { label: 'mail-second', role: { systemKey: 'viewer' } });
    const notificationsOf = async (token: string) => {
      const response = await testApp.app.inject({
        url: '/notifyserver/api/v1/notifications',
        headers: { authorization: token },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: TNotification[] }>().data.filter((item) => item.kind === 'file-shared');
    };
    const manifest = await upload(testApp, sender.jwt, tinyPdf, 'manifest.pdf');
    const invoice = await upload(testApp, sender.jwt, tinyPdf, 'invoice.pdf');

    // Without attachments, or only to outsiders (another company's user among them): nothing.
    const plain = await sendAs(sender.jwt, { to: [colleague.email], subject: 'No files' });
    expect(plain.statusCode, plain.body).toBe(201);
    const outsiders = await sendAs(sender.jwt, {
      to: ['dana@client.test', other.email],
      subject: 'Outside',
      attachmentFileIds: [manifest],
    });
    expect(outsiders.statusCode, outsiders.body).toBe(201);
    expect(await notificationsOf(colleague.jwt)).toEqual([]);
    expect(await notificationsOf(other.jwt)).toEqual([]);

    // To the sender, an outsider and a colleague (written in capitals); another colleague in bcc.
    const shared = await sendAs(sender.jwt, {
      to: [sender.email, 'dana@client.test'],
      cc: [colleague.email.toUpperCase()],
      bcc: [second.email],
      subject: 'Voyage 42 papers',
      attachmentFileIds: [manifest, invoice],
    });
    expect(shared.statusCode, shared.body).toBe(201);
    for (const recipient of [colleague, second]) {
      const [notification, ...rest] = await notificationsOf(recipient.jwt);
      expect(rest).toEqual([]);
      expect(notification).toMatchObject({
        kind: 'file-shared',
        title: 'Ada mail-sharer shared 2 files with you',
        body: '"Voyage 42 papers": manifest.pdf, invoice.pdf. The mail is in your inbox.',
        link: '/dashboard?mail=compose',
        status: 'new',
      });
    }
    expect(await notificationsOf(sender.jwt)).toEqual([]);
    expect(await notificationsOf(other.jwt)).toEqual([]);
  });

  it("suggests the company's users as recipients", async () => {
    const response = await call('GET', '/recipients?q=mail-member', admin.jwt);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: { email: string }[] }>().data).toEqual([
      { name: 'Test mail-member', email: member.email, source: 'colleague' },
    ]);
    const all = await call('GET', '/recipients', admin.jwt);
    expect(all.json<{ data: { email: string }[] }>().data.map((r) => r.email)).not.toContain(other.email);
    expect((await call('GET', '/recipients?q=%25', admin.jwt)).json<{ data: unknown[] }>().data).toEqual([]);
  });

  it("suggests the company's contacts after its users, to who may read contacts, each address once", async () => {
    const contact = (jwt: string, name: string, address: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/contactserver/api/v1/contacts',
        headers: { authorization: jwt },
        payload: { kind: 'person', name, emails: [{ address }] },
      });
    expect((await contact(admin.jwt, 'Dora Harbourmaster', 'dora@port-client.example')).statusCode).toBe(201);
    // A contact with a colleague's address is not offered twice.
    expect((await contact(admin.jwt, 'Member Again', member.email)).statusCode).toBe(201);
    const otherCompany = await testApp.register('mail-contacts-other');
    expect((await contact(otherCompany.jwt, 'Dora Elsewhere', 'dora@elsewhere.example')).statusCode).toBe(
      201,
    );

    const found = await call('GET', '/recipients?q=dora', admin.jwt);
    expect(found.json<{ data: unknown[] }>().data).toEqual([
      { name: 'Dora Harbourmaster', email: 'dora@port-client.example', source: 'contact' },
    ]);
    const byAddress = await call('GET', `/recipients?q=${encodeURIComponent(member.email)}`, admin.jwt);
    expect(byAddress.json<{ data: { source: string }[] }>().data.map((r) => r.source)).toEqual(['colleague']);

    // Without contacts:read, colleagues only.
    const mailer = await testApp.addUser(admin, { label: 'mail-only', role: { permissions: ['mail:send'] } });
    const narrowed = await call('GET', '/recipients?q=dora', mailer.jwt);
    expect(narrowed.json<{ data: unknown[] }>().data).toEqual([]);
  });
});

describe('mailserver over real SMTP', () => {
  let testApp: TIamTestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let sender: TRegistered;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    testApp = await startIamTestApp({
      kind: 'pglite',
      environment: { SMTP_URL: smtp.url, MAIL_FROM: 'Cargodesk <no-reply@cargodesk.test>' },
      mailWorker: { maxAttempts: 2, backoffBaseMs: 50, backoffCapMs: 100 },
    });
    sender = await testApp.register('mail-smtp', 'Quay Freight', { isVerified: true });
  });
  afterAll(async () => {
    await testApp?.close();
    await smtp?.close();
  });

  const send = async (body: object) => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: `${base}/send`,
      headers: { authorization: sender.jwt },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: TSentMail }>().data;
  };
  const statusOf = async (id: string) => {
    const response = await testApp.app.inject({
      url: `${base}/sent`,
      headers: { authorization: sender.jwt },
    });
    return response.json<{ data: TSentMail[] }>().data.find((mail) => mail._id === id);
  };

  it('delivers a composed mail with its attachment to the SMTP server', async () => {
    const bytes = pdfOf(40_000);
    const fileId = await upload(testApp, sender.jwt, bytes, 'bill of lading.pdf');
    const mail = await send({
      to: ['dana@client.test'],
      subject: 'Bill of lading',
      html: '<p>Attached.</p>',
      attachmentFileIds: [fileId],
    });
    await waitFor('the mail to be sent', async () => (await statusOf(mail._id))?.status === 'sent');
    const received = smtp.received.find((message) => message.subject === 'Bill of lading');
    expect(received?.recipients).toEqual(['dana@client.test']);
    const raw = received?.raw ?? '';
    expect(readHeader(raw, 'From')).toMatch(/^"?Quay Freight via Cargodesk"? <no-reply@cargodesk\.test>$/);
    expect(readHeader(raw, 'Reply-To')).toContain(sender.email);
    expect(readAttachment(raw, 'bill of lading.pdf')?.equals(bytes)).toBe(true);
    // The outbox row names the file and holds none of its bytes.
    const [row] = await testApp.database.db.select().from(mails).where(eq(mails.id, mail._id));
    expect(row?.attachments).toEqual([
      {
        filename: 'bill of lading.pdf',
        contentType: 'application/pdf',
        size: bytes.length,
        companyId: sender.companyId,
        fileId,
      },
    ]);
    expect(JSON.stringify(row).length).toBeLessThan(2000);
  });

  it('keeps a mail through an SMTP outage, gives it up as failed with the reason and tells the sender; retry sends it', async () => {
    await smtp.close();
    const mail = await send({ to: ['later@client.test'], subject: 'Through the outage' });
    await waitFor('the mail to fail', async () => (await statusOf(mail._id))?.status === 'failed');
    expect((await statusOf(mail._id))?.failReason).toMatch(/ECONNREFUSED/);
    const notifications = await testApp.app.inject({
      url: '/notifyserver/api/v1/notifications?status=new',
      headers: { authorization: sender.jwt },
    });
    expect(notifications.json<{ data: TNotification[] }>().data[0]).toMatchObject({
      kind: 'mail-failed',
      title: 'Your mail "Through the outage" could not be sent',
    });

    smtp = await startSmtpServer({ port: smtp.port });
    const retried = await testApp.app.inject({
      method: 'POST',
      url: `${base}/sent/${mail._id}/retry`,
      headers: { authorization: sender.jwt },
    });
    expect(retried.statusCode, retried.body).toBe(200);
    await waitFor('the retried mail to be sent', async () => (await statusOf(mail._id))?.status === 'sent');
    expect(smtp.received.filter((message) => message.subject === 'Through the outage')).toHaveLength(1);
  });
});
