import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TFileMeta } from '@cargodesk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCompanyMember } from '../../../test/company-members.ts';
import { behaviourDatabaseKinds } from '../../../test/databases.ts';
import { multipartBody, type TFormPart, tinyPdf, tinyPng } from '../../../test/multipart.ts';
import { auditEvents, files } from '../../db/schema/index.ts';
import { withTenant } from '../../platform/data-access/tenant-transaction.ts';
import { startIamTestApp, type TIamTestApp, type TRegistered } from '../access/access-test-support.ts';
import { findFile } from './repository.ts';

const base = '/driveserver/api/v1/filesystem/file';
const maxBytes = 64 * 1024;

/** Every file under `dir`, staging files included, as paths relative to it. */
const listFiles = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true })
        .map(String)
        .filter((name) => fs.statSync(path.join(dir, name)).isFile())
        .sort()
    : [];

describe.each(behaviourDatabaseKinds)('driveserver files on %s', (kind) => {
  let testApp: TIamTestApp;
  let dataDir: string;
  let admin: TRegistered;
  let other: TRegistered;
  let viewer: { jwt: string };

  const upload = (token: string | undefined, parts: TFormPart[]) => {
    const { payload, headers } = multipartBody(parts);
    return testApp.app.inject({
      method: 'POST',
      url: base,
      headers: { ...headers, ...(token ? { authorization: token } : {}) },
      payload,
    });
  };
  const uploadFile = (token: string, fileName: string, bytes: Buffer, purpose?: string) =>
    upload(token, [
      ...(purpose ? [{ name: 'purpose', value: purpose }] : []),
      { name: 'file', fileName, bytes },
    ]);
  const request = (method: 'GET' | 'DELETE', url: string, token?: string) =>
    testApp.app.inject({ method, url, headers: token ? { authorization: token } : {} });
  const fileRows = () => testApp.database.db.select().from(files);
  const storedFiles = () => listFiles(path.join(dataDir, 'files'));

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cargodesk-drive-test-'));
    testApp = await startIamTestApp({
      kind,
      environment: { DATA_DIR: dataDir, FILE_MAX_BYTES: String(maxBytes) },
    });
    admin = await testApp.register('drive-admin');
    other = await testApp.register('drive-other');
    viewer = await addCompanyMember(testApp, { companyId: admin.companyId, role: 'viewer' });
  });
  afterAll(async () => {
    await testApp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores an upload under a server-made key, serves it back to its company and audits it', async () => {
    const response = await uploadFile(admin.jwt, '../../etc/Logo big.PNG', tinyPng, 'logo');
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json() as { data: TFileMeta };
    expect(data).toMatchObject({
      name: 'Logo big.PNG',
      contentType: 'image/png',
      size: tinyPng.length,
      purpose: 'logo',
      uploadedBy: admin.userId,
    });
    expect(storedFiles()).toContain(path.join(admin.companyId, data._id));

    const download = await request('GET', `${base}/${data._id}`, admin.jwt);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(tinyPng)).toBe(true);
    expect(download.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="Logo big.PNG"; filename*=UTF-8''Logo%20big.PNG`,
    });

    // A Viewer of the same company may read it.
    const meta = await request('GET', `${base}/${data._id}/meta`, viewer.jwt);
    expect(meta.statusCode).toBe(200);
    expect((meta.json() as { data: TFileMeta }).data).toEqual(data);

    const [audit] = await testApp.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'file'), eq(auditEvents.entityId, data._id)));
    expect(audit).toMatchObject({ action: 'create', actorUserId: admin.userId, companyId: admin.companyId });
    expect(audit?.after).toMatchObject({ name: 'Logo big.PNG', contentType: 'image/png' });
  });

  it('sniffs the type from the bytes: PDF, CSV and text pass, whatever the client claims', async () => {
    const pdf = await upload(admin.jwt, [
      { name: 'file', fileName: 'manifest.pdf', contentType: 'text/html', bytes: tinyPdf },
    ]);
    expect(pdf.statusCode, pdf.body).toBe(201);
    const pdfMeta = (pdf.json() as { data: TFileMeta }).data;
    expect(pdfMeta.contentType).toBe('application/pdf');
    const pdfDownload = await request('GET', `${base}/${pdfMeta._id}`, admin.jwt);
    expect(pdfDownload.headers['content-disposition']).toMatch(/^inline;/);

    const csv = await uploadFile(admin.jwt, 'rates.csv', Buffer.from('port,rate\nHamburg,12.5\n'));
    expect(csv.statusCode, csv.body).toBe(201);
    const csvMeta = (csv.json() as { data: TFileMeta }).data;
    expect(csvMeta).toMatchObject({ contentType: 'text/csv', purpose: 'attachment' });
    const csvDownload = await request('GET', `${base}/${csvMeta._id}`, admin.jwt);
    expect(csvDownload.headers['content-disposition']).toMatch(/^attachment; filename="rates.csv"/);

    const text = await uploadFile(admin.jwt, 'notes.txt', Buffer.from('Grüße aus Hamburg\n'));
    expect((text.json() as { data: TFileMeta }).data.contentType).toBe('text/plain');
  });

  it('refuses a file over the limit with 413 and stores nothing', async () => {
    const rowsBefore = (await fileRows()).length;
    const filesBefore = storedFiles();
    const big = Buffer.concat([tinyPng, Buffer.alloc(maxBytes + 1024, 7)]);
    const response = await uploadFile(admin.jwt, 'huge.png', big);
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json()).toEqual({
      error: {
        code: 'PAYLOAD_TOO_LARGE',
        message: 'The file is larger than the 64 KB limit. Choose a smaller file.',
        details: { maxBytes },
      },
    });
    expect((await fileRows()).length).toBe(rowsBefore);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it.each([
    ['HTML named like an image', 'photo.png', Buffer.from('<html><script>alert(1)</script></html>')],
    ['SVG', 'drawing.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')],
    ['a program', 'setup.exe', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0)])],
    ['binary named CSV', 'data.csv', Buffer.from([0, 1, 2, 3, 255, 254, 0, 0])],
    ['a zip archive', 'archive.zip', Buffer.from('504b03040a0000000000', 'hex')],
  ])('refuses %s with 415 and stores nothing', async (_label, fileName, bytes) => {
    const rowsBefore = (await fileRows()).length;
    const filesBefore = storedFiles();
    const response = await uploadFile(admin.jwt, fileName, bytes);
    expect(response.statusCode, response.body).toBe(415);
    expect(response.json()).toMatchObject({
      error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: expect.stringContaining('cannot be uploaded') },
    });
    expect((await fileRows()).length).toBe(rowsBefore);
    expect(storedFiles()).toEqual(filesBefore);
  });

  it('takes only images for avatars and logos', async () => {
    const response = await uploadFile(admin.jwt, 'avatar.pdf', tinyPdf, 'avatar');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({
      error: { message: 'Choose an image file (PNG, JPEG, WebP or GIF).' },
    });
  });

  it('answers 400 for a bad purpose, a missing file or a bad id, and 415 for a body that is not multipart', async () => {
    const badPurpose = await uploadFile(admin.jwt, 'a.png', tinyPng, 'wallpaper');
    expect(badPurpose.statusCode).toBe(400);
    expect(badPurpose.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    const noFile = await upload(admin.jwt, [{ name: 'purpose', value: 'avatar' }]);
    expect(noFile.statusCode).toBe(400);
    const badId = await request('GET', `${base}/not-a-uuid`, admin.jwt);
    expect(badId.statusCode).toBe(400);
    const json = await testApp.app.inject({
      method: 'POST',
      url: base,
      headers: { authorization: admin.jwt },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('keeps files to their company: 404 for another company, 401 without a token, 403 without the permission', async () => {
    const { data } = (await uploadFile(admin.jwt, 'private.png', tinyPng)).json() as { data: TFileMeta };
    for (const url of [`${base}/${data._id}`, `${base}/${data._id}/meta`]) {
      expect((await request('GET', url, other.jwt)).statusCode).toBe(404);
      expect((await request('GET', url)).statusCode).toBe(401);
    }
    expect((await request('DELETE', `${base}/${data._id}`, other.jwt)).statusCode).toBe(404);
    expect((await request('DELETE', `${base}/${data._id}`)).statusCode).toBe(401);
    expect((await uploadFile('', 'x.png', tinyPng)).statusCode).toBe(401);

    const rowsBefore = (await fileRows()).length;
    const refused = await uploadFile(viewer.jwt, 'viewer.png', tinyPng);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    expect((await fileRows()).length).toBe(rowsBefore);
    expect((await request('DELETE', `${base}/${data._id}`, viewer.jwt)).statusCode).toBe(403);
    // Still there for its own company.
    expect((await request('GET', `${base}/${data._id}`, admin.jwt)).statusCode).toBe(200);
  });

  it('hides a file from a query run in another company’s context, even one naming the right company', async () => {
    const { data } = (await uploadFile(admin.jwt, 'rls.png', tinyPng)).json() as { data: TFileMeta };
    const { db } = testApp.database;
    expect(
      await withTenant(db, admin.companyId, (tx) => findFile(tx, admin.companyId, data._id)),
    ).toBeDefined();
    expect(
      await withTenant(db, other.companyId, (tx) => findFile(tx, admin.companyId, data._id)),
    ).toBeUndefined();
    expect(await withTenant(db, null, (tx) => findFile(tx, admin.companyId, data._id))).toBeUndefined();
  });

  it("lists the company's files newest first, searching names and paging, to its company only", async () => {
    const lister = await testApp.register('drive-lister');
    const reader = await addCompanyMember(testApp, { companyId: lister.companyId, role: 'viewer' });
    const uploaded: string[] = [];
    for (const [name, bytes, purpose] of [
      ['voyage_42.pdf', tinyPdf, undefined],
      ['voyage-42.pdf', tinyPdf, undefined],
      ['Company logo.png', tinyPng, 'logo'],
    ] as const) {
      const response = await uploadFile(lister.jwt, name, bytes, purpose);
      expect(response.statusCode, response.body).toBe(201);
      uploaded.push((response.json() as { data: TFileMeta }).data._id);
    }
    type TPage = { data: TFileMeta[]; meta: { total: number; page: number; pageSize: number } };
    const list = async (query: string, token = lister.jwt) => {
      const response = await request('GET', `${base}${query}`, token);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as TPage;
    };
    const names = (page: TPage) => page.data.map((file) => file.name);

    const all = await list('', reader.jwt);
    expect(names(all)).toEqual(['Company logo.png', 'voyage-42.pdf', 'voyage_42.pdf']);
    expect(all.meta).toEqual({ total: 3, page: 1, pageSize: 20 });
    expect(all.data[0]).toMatchObject({ _id: uploaded[2], contentType: 'image/png', purpose: 'logo' });
    expect(names(await list('?q=VOYAGE'))).toEqual(['voyage-42.pdf', 'voyage_42.pdf']);
    // LIKE's wildcards are plain characters in a search.
    expect(names(await list('?q=_'))).toEqual(['voyage_42.pdf']);
    expect(names(await list('?q=%25'))).toEqual([]);
    expect(names(await list('?purpose=attachment'))).toEqual(['voyage-42.pdf', 'voyage_42.pdf']);
    const second = await list('?page=2&pageSize=2');
    expect(names(second)).toEqual(['voyage_42.pdf']);
    expect(second.meta).toEqual({ total: 3, page: 2, pageSize: 2 });

    expect(names(await list('?q=voyage', other.jwt))).toEqual([]);
    expect((await request('GET', base)).statusCode).toBe(401);
    expect((await request('GET', `${base}?pageSize=1000`, lister.jwt)).statusCode).toBe(400);
    expect((await request('GET', `${base}?purpose=secret`, lister.jwt)).statusCode).toBe(400);
  });

  it('deletes the row and the bytes, and audits it', async () => {
    const { data } = (await uploadFile(admin.jwt, 'old.png', tinyPng)).json() as { data: TFileMeta };
    const key = path.join(admin.companyId, data._id);
    expect(storedFiles()).toContain(key);
    const response = await request('DELETE', `${base}/${data._id}`, admin.jwt);
    expect(response.statusCode, response.body).toBe(200);
    expect(storedFiles()).not.toContain(key);
    expect((await request('GET', `${base}/${data._id}`, admin.jwt)).statusCode).toBe(404);
    expect((await request('DELETE', `${base}/${data._id}`, admin.jwt)).statusCode).toBe(404);
    const audits = await testApp.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'file'), eq(auditEvents.entityId, data._id)));
    expect(audits.map((audit) => audit.action).sort()).toEqual(['create', 'delete']);
    expect(audits.find((audit) => audit.action === 'delete')?.before).toMatchObject({ name: 'old.png' });
  });
});
