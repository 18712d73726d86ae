import type {
  TContact,
  TContactImportPreview,
  TContactImportResult,
  TContactSummary,
} from '@cargodesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourDatabaseKinds } from '../../../../test/databases.ts';
import { auditReader } from '../../../../test/route-helpers.ts';
import { startIamTestApp, type TIamTestApp } from '../../access/access-test-support.ts';

const base = '/contactserver/api/v1';

/** A file that mixes new, matching, duplicate and bad rows, as a spreadsheet would save it. */
const mixedFile = (ownerEmail: string) =>
  [
    'Company Name;E-mail;Phone;City;Country;VAT;Type;Belongs to;Tags;Owner;Roles',
    'Harbour Imports GmbH;ops@harbour.example;+49 40 1;Hamburg;Germany;DE111;organisation;;Key account;;Customer',
    'Greta Lind;greta@harbour.example;;;;;person;Harbour Imports GmbH;;;',
    'Existing Freight;billing@existing.example;;;;;;;;;',
    'Broken Mail;not-a-mail;;;;;;;;;',
    'Nowhere Ltd;;;Atlantis;Narnia;;;;;;',
    'Harbour Again;OPS@harbour.example;;;;;;;;;',
    `"Quoted, Name ""Ltd""";quoted@example.com;;"Rotterdam";NL;;;;Key account;${ownerEmail};`,
    'Lost Person;lost@example.com;;;;;person;No Such Org;;;',
    'Wrong Owner;wrong@example.com;;;;;;;;nobody@else.example;',
  ].join('\r\n');

const mapping = 'name,email,phone,city,country,taxNumber,kind,organisation,tags,owner,roles';

describe.each(behaviourDatabaseKinds)('contact import on %s', (kind) => {
  let testApp: TIamTestApp;
  const auditOf = auditReader(() => testApp.database.db);
  const upload = (url: string, jwt: string, body: string | Buffer, contentType = 'text/csv') =>
    testApp.app.inject({
      method: 'POST',
      url: `${base}${url}`,
      headers: { authorization: jwt, 'content-type': contentType },
      payload: body,
    });

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('previews the columns, dry-runs a mixed file line by line, then applies it in one go', async () => {
    const admin = await testApp.register('contacts-import');
    const existing = await testApp.app.inject({
      method: 'POST',
      url: `${base}/contacts`,
      headers: { authorization: admin.jwt },
      payload: {
        kind: 'organisation',
        name: 'Existing Freight',
        emails: [{ address: 'Billing@existing.example' }],
      },
    });
    const existingId = (existing.json() as { data: TContact }).data._id;
    const file = mixedFile(admin.email);

    const preview = await upload('/contacts/imports/preview', admin.jwt, file);
    expect(preview.statusCode, preview.body).toBe(200);
    expect((preview.json() as { data: TContactImportPreview }).data).toMatchObject({
      encoding: 'UTF-8',
      rowCount: 9,
      headers: [
        'Company Name',
        'E-mail',
        'Phone',
        'City',
        'Country',
        'VAT',
        'Type',
        'Belongs to',
        'Tags',
        'Owner',
        'Roles',
      ],
      columns: [
        'name',
        'email',
        'phone',
        'city',
        'country',
        'taxNumber',
        'kind',
        '',
        'tags',
        'owner',
        'roles',
      ],
    });

    const dryRun = await upload(`/contacts/imports?columns=${mapping}&dryRun=true`, admin.jwt, file);
    expect(dryRun.statusCode, dryRun.body).toBe(200);
    const tried = (dryRun.json() as { data: TContactImportResult }).data;
    expect(tried).toMatchObject({
      isDryRun: true,
      created: 3,
      updated: 1,
      refusedCount: 5,
      newTags: ['Key account'],
    });
    expect(tried.refused.map(({ line, reason }) => [line, reason])).toEqual([
      [5, 'The e-mail "not-a-mail" must be an email address'],
      [6, 'The country "Narnia" is unknown'],
      [7, 'The same e-mail as line 2: one of the two is a duplicate'],
      [9, 'No organisation is named "No Such Org": add it first, or on an earlier line'],
      [10, 'The owner "nobody@else.example" is not a user of your company'],
    ]);
    expect(tried.refused[0]?.cells).toEqual([
      'Broken Mail',
      'not-a-mail',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
    ]);
    // Nothing was written by the dry run.
    const before = await testApp.app.inject({
      url: `${base}/contacts/paginate`,
      headers: { authorization: admin.jwt },
    });
    expect((before.json() as { meta: { total: number } }).meta.total).toBe(1);

    const applied = await upload(
      `/contacts/imports?columns=${mapping}&dryRun=false&fileName=clients.csv`,
      admin.jwt,
      file,
    );
    expect(applied.statusCode, applied.body).toBe(200);
    expect((applied.json() as { data: TContactImportResult }).data).toMatchObject({
      isDryRun: false,
      created: 3,
      updated: 1,
      refusedCount: 5,
    });
    const list = await testApp.app.inject({
      url: `${base}/contacts/paginate?sort=name`,
      headers: { authorization: admin.jwt },
    });
    const rows = (list.json() as { data: TContactSummary[] }).data;
    expect(rows.map((row) => [row.name, row.organisation?.name ?? null, row.countryCode])).toEqual([
      ['Existing Freight', null, null],
      ['Greta Lind', 'Harbour Imports GmbH', null],
      ['Harbour Imports GmbH', null, 'DE'],
      ['Quoted, Name "Ltd"', null, 'NL'],
    ]);
    const quoted = rows.find((row) => row.name.startsWith('Quoted'));
    expect(quoted?.owner?._id).toBe(admin.userId);
    expect(quoted?.tags.map((tag) => tag.name)).toEqual(['Key account']);
    expect(rows.find((row) => row.name === 'Harbour Imports GmbH')?.roles).toEqual(['customer']);
    // Each role's own list (contacts_by_role) holds the imported and the updated contacts too.
    const customers = await testApp.app.inject({
      url: `${base}/contacts/paginate?role=customer&sort=name`,
      headers: { authorization: admin.jwt },
    });
    const customerNames = (customers.json() as { data: TContactSummary[] }).data.map((row) => row.name);
    expect(customerNames).toContain('Harbour Imports GmbH');
    expect(customerNames).toEqual(
      rows.filter((row) => row.roles.includes('customer')).map((row) => row.name),
    );
    const updated = await testApp.app.inject({
      url: `${base}/contacts/${existingId}`,
      headers: { authorization: admin.jwt },
    });
    expect((updated.json() as { data: TContact }).data.emails).toEqual([
      { label: '', address: 'Billing@existing.example' },
    ]);

    const [audited] = await auditOf(admin.companyId, { entityType: 'contact' }).then((entries) =>
      entries.filter((entry) => entry.action === 'import'),
    );
    expect(audited?.after).toEqual({
      fileName: 'clients.csv',
      rows: 9,
      created: 3,
      updated: 1,
      refused: 5,
      newTags: ['Key account'],
    });

    // The mapping is remembered: the column left unmapped by the guess is offered as the user chose it.
    const again = await upload('/contacts/imports/preview', admin.jwt, file);
    expect((again.json() as { data: TContactImportPreview }).data.columns).toEqual(mapping.split(','));
  });

  it('reads Windows-1252 and UTF-16 files, and refuses what is no CSV with a message', async () => {
    const admin = await testApp.register('contacts-import-encodings');
    const latin1 = Buffer.from('Name,City\r\nMüller Spedition,Köln\r\n', 'latin1');
    const read = await upload('/contacts/imports/preview', admin.jwt, latin1);
    expect((read.json() as { data: TContactImportPreview }).data).toMatchObject({
      encoding: 'Windows-1252 (Western European)',
      sample: [['Müller Spedition', 'Köln']],
    });
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Name\r\nÅse Shipping\r\n', 'utf16le'),
    ]);
    const read16 = await upload('/contacts/imports/preview', admin.jwt, utf16);
    expect((read16.json() as { data: TContactImportPreview }).data).toMatchObject({
      encoding: 'UTF-16',
      sample: [['Åse Shipping']],
    });

    const refusals = [
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]), 'This file is not a CSV text file'],
      [Buffer.from('Name\r\n'), 'The file has a header line but no contacts under it'],
      [Buffer.from('Name,City\r\n"Open quote,Köln\r\n'), 'The file is not valid CSV'],
    ] as const;
    for (const [bytes, message] of refusals) {
      const refused = await upload('/contacts/imports/preview', admin.jwt, bytes);
      expect(refused.statusCode, refused.body).toBe(400);
      expect((refused.json() as { error: { message: string } }).error.message).toContain(message);
    }
    const asJson = await upload(
      '/contacts/imports/preview',
      admin.jwt,
      JSON.stringify({ name: 'x' }),
      'application/json',
    );
    expect(asJson.statusCode).toBe(400);
    const noName = await upload(
      '/contacts/imports?columns=email&dryRun=true',
      admin.jwt,
      Buffer.from('E\r\na@b.c\r\n'),
    );
    expect((noName.json() as { error: { message: string } }).error.message).toBe(
      'Choose the column that holds the names',
    );
    const unknownField = await upload(
      '/contacts/imports?columns=name,password',
      admin.jwt,
      Buffer.from('N\r\nx\r\n'),
    );
    expect(unknownField.statusCode).toBe(400);
  });

  it('refuses a NUL character in a UTF-16 file, a line too long and a header too wide, with 400 before writing a row', async () => {
    const admin = await testApp.register('contacts-import-shapes');
    const utf16 = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const withNul = utf16('Name,Notes\r\nÅse Shipping,fine\r\nNul Freight,a\u0000b\r\n');
    for (const url of [
      '/contacts/imports/preview',
      '/contacts/imports?columns=name,notes&dryRun=true',
      '/contacts/imports?columns=name,notes',
    ]) {
      const refused = await upload(url, admin.jwt, withNul);
      expect(refused.statusCode, `${url} ${refused.body}`).toBe(400);
      expect(refused.json()).toMatchObject({
        error: {
          code: 'VALIDATION_FAILED',
          message: expect.stringContaining('Line 3 of the file holds a NUL'),
        },
      });
    }
    const wide = await upload(
      '/contacts/imports/preview',
      admin.jwt,
      `${Array.from({ length: 201 }, (_, index) => `C${index}`).join(',')}\r\nx\r\n`,
    );
    expect(wide.statusCode, wide.body).toBe(400);
    expect(wide.json()).toMatchObject({ error: { message: expect.stringContaining('201 columns') } });
    const long = await upload('/contacts/imports/preview', admin.jwt, `Name\r\n${'x'.repeat(70_000)}\r\n`);
    expect(long.statusCode, long.body).toBe(400);
    expect(long.json()).toMatchObject({
      error: { message: expect.stringContaining('Line 2 of the file is longer') },
    });
    const list = await testApp.app.inject({
      method: 'GET',
      url: `${base}/contacts`,
      headers: { authorization: admin.jwt },
    });
    expect((list.json() as { data: TContactSummary[] }).data).toEqual([]);
  });

  // Its files of 200,001 rows are read on a worker thread of lower priority: on a machine busy
  // with other tests that can take longer than the suite's 30 s default.
  it('reads a long file batch by batch, remembering earlier batches, and refuses one over 200,000 rows', async () => {
    const admin = await testApp.register('contacts-import-long');
    const lines = ['Name,E-mail,Kind,Organisation'];
    for (let n = 1; n <= 2_500; n += 1) {
      // Line 1,201 adds an organisation a person on line 2,301 belongs to; line 2,401 repeats line 2's e-mail.
      if (n === 1_200) lines.push('Long Haul Lines,,organisation,');
      else if (n === 2_300) lines.push('Lena Long,lena@long.example,person,Long Haul Lines');
      else if (n === 2_400) lines.push('Echo Freight,row1@long.example,,');
      else lines.push(`Row Freight ${n},row${n}@long.example,,`);
    }
    const dryRun = await upload(
      '/contacts/imports?columns=name,email,kind,organisation&dryRun=true',
      admin.jwt,
      lines.join('\n'),
    );
    expect(dryRun.statusCode, dryRun.body).toBe(200);
    expect((dryRun.json() as { data: TContactImportResult }).data).toMatchObject({
      created: 2_499,
      refusedCount: 1,
      refused: [{ line: 2_401, reason: 'The same e-mail as line 2: one of the two is a duplicate' }],
    });

    // Asked for progress, the same run reports each batch, then its result.
    const withProgress = await testApp.app.inject({
      method: 'POST',
      url: `${base}/contacts/imports?columns=name,email,kind,organisation&dryRun=true`,
      headers: {
        authorization: admin.jwt,
        'content-type': 'text/csv',
        accept: 'application/x-ndjson',
        'accept-encoding': 'br, gzip',
      },
      payload: lines.join('\n'),
    });
    expect(withProgress.statusCode).toBe(200);
    expect(withProgress.headers['content-type']).toContain('application/x-ndjson');
    // Never compressed: a compressor would hold the lines back until it had enough to send.
    expect(withProgress.headers['content-encoding']).toBeUndefined();
    const reported = withProgress.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { progress?: { rows: number; of: number }; data?: unknown });
    expect(reported.slice(0, -1).map((line) => line.progress)).toEqual(
      [0, 1_000, 2_000, 2_500].map((rows) => ({ rows, of: 2_500 })),
    );
    expect(reported.at(-1)).toEqual({ data: (dryRun.json() as { data: TContactImportResult }).data });
    const refusedAtOnce = await testApp.app.inject({
      method: 'POST',
      url: `${base}/contacts/imports?columns=email&dryRun=true`,
      headers: { authorization: admin.jwt, 'content-type': 'text/csv', accept: 'application/x-ndjson' },
      payload: lines.join('\n'),
    });
    expect(refusedAtOnce.statusCode).toBe(400);
    expect(refusedAtOnce.json()).toMatchObject({
      error: { message: 'Choose the column that holds the names' },
    });

    const tooLong = Buffer.from(`Name\n${'Row\n'.repeat(200_001)}`);
    for (const url of ['/contacts/imports/preview', '/contacts/imports?columns=name']) {
      const refused = await upload(url, admin.jwt, tooLong);
      expect(refused.statusCode, refused.body).toBe(400);
      expect((refused.json() as { error: { message: string } }).error.message).toBe(
        'The file has more than 200,000 rows; split it into files of at most 200,000',
      );
    }
    const listed = await testApp.app.inject({
      method: 'GET',
      url: `${base}/contacts/paginate`,
      headers: { authorization: admin.jwt },
    });
    expect(listed.json()).toMatchObject({ meta: { total: 0 } });

    // Applied, the person of line 2,301 belongs to the organisation a batch before wrote.
    const applied = await upload(
      '/contacts/imports?columns=name,email,kind,organisation&dryRun=false',
      admin.jwt,
      lines.join('\n'),
    );
    expect(applied.statusCode, applied.body).toBe(200);
    const lena = await testApp.app.inject({
      method: 'GET',
      url: `${base}/contacts/paginate?q=lena`,
      headers: { authorization: admin.jwt },
    });
    expect(
      (lena.json() as { data: TContactSummary[] }).data.map((row) => [row.name, row.organisation?.name]),
    ).toEqual([['Lena Long', 'Long Haul Lines']]);
  }, 90_000);

  it('refuses a file over the limit by its length, before reading it', async () => {
    const admin = await testApp.register('contacts-import-size');
    const response = await testApp.app.inject({
      method: 'POST',
      url: `${base}/contacts/imports/preview`,
      headers: { authorization: admin.jwt, 'content-type': 'text/csv' },
      payload: Buffer.alloc(51 * 1024 * 1024, 0x41),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: { code: expect.any(String) } });
  });

  it("reads at most 60 of a company's files an hour, previews and runs alike, and says when to try again", async () => {
    const admin = await testApp.register('contacts-import-flood');
    const other = await testApp.register('contacts-import-flood-other');
    const file = 'Name\r\nFlood Ltd\r\n';
    for (let read = 0; read < 30; read += 1) {
      expect((await upload('/contacts/imports/preview', admin.jwt, file)).statusCode).toBe(200);
      expect((await upload('/contacts/imports?columns=name', admin.jwt, file)).statusCode).toBe(200);
    }
    const refused = await upload('/contacts/imports?columns=name&dryRun=false', admin.jwt, file);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: {
        code: 'RATE_LIMITED',
        message: 'Your company has read many contact files in the last hour. Try again later.',
        details: { retryAfterSeconds: expect.any(Number) },
      },
    });
    // Nothing of the refused file was written, and another company is not held back.
    const listed = await testApp.app.inject({
      url: `${base}/contacts/paginate?q=flood`,
      headers: { authorization: admin.jwt },
    });
    expect(listed.json()).toMatchObject({ meta: { total: 0 } });
    expect((await upload('/contacts/imports/preview', other.jwt, file)).statusCode).toBe(200);
  });

  it('lets a Viewer import nothing', async () => {
    const admin = await testApp.register('contacts-import-viewer');
    const viewer = await testApp.addUser(admin, { label: 'import-viewer', role: { systemKey: 'viewer' } });
    const refused = await upload(
      `/contacts/imports?columns=name&dryRun=false`,
      viewer.jwt,
      'Name\r\nSneaky Ltd\r\n',
    );
    expect(refused.statusCode).toBe(403);
  });
});
