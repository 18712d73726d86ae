import {
  type TListMeta,
  type TRenderedTemplate,
  type TTemplate,
  type TTemplateAttachment,
  type TTemplateCheck,
  type TTemplateSummary,
  type TTemplateVersionSummary,
  templatePurposes,
} from '@cargodesk/shared';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourDatabaseKinds } from '../../../test/databases.ts';
import { answeredData, auditReader, routeCaller } from '../../../test/route-helpers.ts';
import { findChromium } from '../../pdf/find-chromium.ts';
import { startIamTestApp, type TIamTestApp } from '../access/access-test-support.ts';

const letter = {
  type: 'email',
  purpose: 'booking-confirmation',
  name: 'Booking confirmed',
  language: 'en',
  subject: 'Booking {{ shipment.reference }} confirmed',
  body: '<p>Dear {{ recipient.name }}, your booking {{ shipment.reference }} sails on {{ shipment.departureDate | local_date }}.</p>',
} as const;

const hasChromium = findChromium(process.env.CHROMIUM_PATH).found;

const pdfText = async (bytes: Buffer) =>
  (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;

describe.each(behaviourDatabaseKinds)('templateserver templates on %s', (kind) => {
  let testApp: TIamTestApp;
  const call = routeCaller(() => testApp.app, '/templateserver/api/v1');
  const auditOf = auditReader(() => testApp.database.db);
  const dataOf = answeredData;

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('creates a template, saves versions, lists them newest first and restores an old one as the newest', async () => {
    const admin = await testApp.register('templates-versions');
    const created = await dataOf<TTemplate>(call('POST', '/templates', admin.jwt, letter), 201);
    expect(created).toMatchObject({
      name: 'Booking confirmed',
      status: 'active',
      versionNumber: 1,
      updatedByEmail: admin.email,
      current: { number: 1, subject: letter.subject, body: letter.body, page: null },
    });

    const second = { subject: 'Your booking {{ shipment.reference }}', body: '<p>Second text</p>' };
    const saved = await dataOf<TTemplate>(
      call('POST', `/templates/${created._id}/versions`, admin.jwt, second),
      201,
    );
    expect(saved.current).toMatchObject({ number: 2, ...second });

    const versions = await dataOf<TTemplateVersionSummary[]>(
      call('GET', `/templates/${created._id}/versions`, admin.jwt),
    );
    expect(versions.map((version) => [version.number, version.createdByEmail])).toEqual([
      [2, admin.email],
      [1, admin.email],
    ]);
    const first = await dataOf<{ body: string }>(
      call('GET', `/templates/${created._id}/versions/1`, admin.jwt),
    );
    expect(first.body).toBe(letter.body);

    const restored = await dataOf<TTemplate>(
      call('POST', `/templates/${created._id}/versions/1/restore`, admin.jwt),
      201,
    );
    expect(restored.current).toMatchObject({ number: 3, subject: letter.subject, body: letter.body });
    const events = await auditOf(admin.companyId, { entityId: created._id });
    expect(events.map((event) => event.action)).toEqual(['create', 'update', 'update']);

    const listed = await call(
      'GET',
      '/templates?type=email&purpose=booking-confirmation&q=confirmed',
      admin.jwt,
    );
    const { data, meta } = listed.json() as { data: TTemplateSummary[]; meta: TListMeta };
    expect(meta.total).toBe(1);
    expect(data[0]).toMatchObject({ _id: created._id, versionNumber: 3 });
    expect(data[0]).not.toHaveProperty('current');
  });

  it('refuses a syntax problem with its line and column, and keeps the current version', async () => {
    const admin = await testApp.register('templates-syntax');
    const created = await dataOf<TTemplate>(call('POST', '/templates', admin.jwt, letter), 201);
    const broken = await call('POST', `/templates/${created._id}/versions`, admin.jwt, {
      subject: 'Fine',
      body: '<p>One</p>\n{% if shipment.vessel %}\n<p>never closed</p>',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({
      error: {
        code: 'VALIDATION_FAILED',
        message: expect.stringContaining('line 2, column 1'),
        details: { fields: [{ field: 'body' }], problems: [{ line: 2, column: 1 }] },
      },
    });
    const kept = await dataOf<TTemplate>(call('GET', `/templates/${created._id}`, admin.jwt));
    expect(kept.current?.number).toBe(1);
  });

  it('refuses include, render and layout with 400 on a save and as a problem in a check, never a 500', async () => {
    const admin = await testApp.register('templates-partials');
    const created = await dataOf<TTemplate>(call('POST', '/templates', admin.jwt, letter), 201);
    for (const tag of ['include', 'render', 'layout']) {
      const body = `<p>Hello</p>\n{% ${tag} 'header' %}`;
      const saved = await call('POST', `/templates/${created._id}/versions`, admin.jwt, {
        subject: 'Fine',
        body,
      });
      expect(saved.statusCode, saved.body).toBe(400);
      expect(saved.json()).toMatchObject({
        error: {
          code: 'VALIDATION_FAILED',
          message: expect.stringContaining(`{% ${tag} %} is not available`),
          details: { fields: [{ field: 'body' }], problems: [{ line: 2, column: 1 }] },
        },
      });
      const createdWith = await call('POST', '/templates', admin.jwt, {
        ...letter,
        name: `With ${tag}`,
        body,
      });
      expect(createdWith.statusCode, createdWith.body).toBe(400);
      const checked = await dataOf<TTemplateCheck>(
        call('POST', '/templates/check', admin.jwt, {
          type: 'email',
          purpose: 'booking-confirmation',
          language: 'en',
          subject: `{% ${tag} 'subject' %}`,
          body,
        }),
      );
      expect(checked.problems).toEqual([
        expect.objectContaining({ part: 'body', line: 2, message: expect.stringContaining(tag) }),
        expect.objectContaining({ part: 'subject', line: 1, message: expect.stringContaining(tag) }),
      ]);
      expect(checked.preview).toBeNull();
    }
  });

  it('answers 400 for bad input, 409 for a taken name, and refuses a 2 MB body', async () => {
    const admin = await testApp.register('templates-bad-input');
    for (const body of [
      { ...letter, subject: undefined },
      { ...letter, purpose: 'horoscope' },
      { ...letter, language: 'English' },
      { ...letter, type: 'fax' },
      { ...letter, colour: 'red' },
    ]) {
      const refused = await call('POST', '/templates', admin.jwt, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', details: expect.anything() },
      });
    }
    await dataOf(call('POST', '/templates', admin.jwt, letter), 201);
    const taken = await call('POST', '/templates', admin.jwt, letter);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      error: {
        code: 'CONFLICT',
        message: 'An email template named "Booking confirmed" in en already exists',
      },
    });
    // Another language of the same name is another variant.
    await dataOf(call('POST', '/templates', admin.jwt, { ...letter, language: 'de' }), 201);
    // A document is picked from its own list, so it may share the email's name; a second may not.
    const printed = {
      type: 'document',
      purpose: 'booking-confirmation',
      name: letter.name,
      language: 'en',
      body: '<p>Booked</p>',
    };
    const document = await dataOf<TTemplate>(call('POST', '/templates', admin.jwt, printed), 201);
    expect(document.name).toBe(letter.name);
    const secondDocument = await call('POST', '/templates', admin.jwt, printed);
    expect(secondDocument.statusCode).toBe(409);
    expect(secondDocument.json()).toMatchObject({
      error: {
        code: 'CONFLICT',
        message: 'A document template named "Booking confirmed" in en already exists',
      },
    });
    // Renaming onto another kind's name is no clash either; onto its own kind's it is.
    const other = await dataOf<TTemplate>(
      call('POST', '/templates', admin.jwt, { ...printed, name: 'Arrival sheet', language: 'de' }),
      201,
    );
    expect(
      (await call('PATCH', `/templates/${other._id}`, admin.jwt, { name: letter.name })).statusCode,
    ).toBe(200);
    const renamed = await call('PATCH', `/templates/${other._id}`, admin.jwt, { language: 'en' });
    expect(renamed.statusCode).toBe(409);

    const huge = await call('POST', '/templates', admin.jwt, {
      ...letter,
      name: 'Huge',
      body: 'x'.repeat(2_000_000),
    });
    expect([400, 413]).toContain(huge.statusCode);
    expect(huge.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
  });

  it("answers 404 for another company's template and never lists it", async () => {
    const owner = await testApp.register('templates-owner');
    const other = await testApp.register('templates-other');
    const created = await dataOf<TTemplate>(call('POST', '/templates', owner.jwt, letter), 201);
    for (const [method, url, body] of [
      ['GET', `/templates/${created._id}`],
      ['PATCH', `/templates/${created._id}`, { name: 'Stolen' }],
      ['DELETE', `/templates/${created._id}`],
      ['GET', `/templates/${created._id}/versions`],
      ['GET', `/templates/${created._id}/versions/1`],
      ['POST', `/templates/${created._id}/versions`, { subject: 'x', body: 'x' }],
      ['POST', `/templates/${created._id}/versions/1/restore`],
      ['POST', `/templates/${created._id}/duplicate`],
    ] as const) {
      const refused = await call(method, url, other.jwt, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(404);
      expect(refused.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
    const familyElsewhere = await call('POST', '/templates', other.jwt, { ...letter, familyId: created._id });
    expect(familyElsewhere.statusCode).toBe(404);
    const listed = await call('GET', '/templates?pageSize=100', other.jwt);
    expect(listed.body).not.toContain(created._id);
    expect(listed.body).not.toContain(owner.companyId);
    const kept = await dataOf<TTemplate>(call('GET', `/templates/${created._id}`, owner.jwt));
    expect(kept.name).toBe('Booking confirmed');
  });

  it('lets a Viewer read and check templates but not change them', async () => {
    const admin = await testApp.register('templates-viewer');
    const viewer = await testApp.addUser(admin, {
      label: 'templates-viewer-user',
      role: { systemKey: 'viewer' },
    });
    const created = await dataOf<TTemplate>(call('POST', '/templates', admin.jwt, letter), 201);
    await dataOf(call('GET', `/templates/${created._id}`, viewer.jwt));
    const refused = await call('POST', `/templates/${created._id}/versions`, viewer.jwt, {
      subject: 'x',
      body: 'x',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: { code: 'FORBIDDEN', message: 'This needs the templates:write permission' },
    });
  });

  it('duplicates a template into a new one named "Copy of …", numbered when that name is taken', async () => {
    const admin = await testApp.register('templates-duplicate');
    const created = await dataOf<TTemplate>(call('POST', '/templates', admin.jwt, letter), 201);
    const first = await dataOf<TTemplate>(
      call('POST', `/templates/${created._id}/duplicate`, admin.jwt),
      201,
    );
    expect(first).toMatchObject({
      name: 'Copy of Booking confirmed',
      language: 'en',
      purpose: 'booking-confirmation',
      current: { number: 1, subject: letter.subject, body: letter.body },
    });
    expect(first._id).not.toBe(created._id);
    expect(first.familyId).toBe(first._id);
    const second = await dataOf<TTemplate>(
      call('POST', `/templates/${created._id}/duplicate`, admin.jwt),
      201,
    );
    expect(second.name).toBe('Copy of Booking confirmed (2)');
    const events = await auditOf(admin.companyId, { entityId: second._id });
    expect(events.map((event) => event.action)).toEqual(['create']);
  });

  it('archives, renames and deletes a template, with its versions', async () => {
    const admin = await testApp.register('templates-lifecycle');
    const created = await dataOf<TTemplate>(call('POST', '/templates', admin.jwt, letter), 201);
    const archived = await dataOf<TTemplate>(
      call('PATCH', `/templates/${created._id}`, admin.jwt, {
        status: 'archived',
        name: 'Old booking letter',
      }),
    );
    expect(archived).toMatchObject({ status: 'archived', name: 'Old booking letter', versionNumber: 1 });
    const active = await call('GET', '/templates?status=active&pageSize=100', admin.jwt);
    expect(active.body).not.toContain(created._id);
    const archivedOnes = await call('GET', '/templates?status=archived', admin.jwt);
    expect(
      (archivedOnes.json() as { data: TTemplateSummary[] }).data.map((template) => template._id),
    ).toEqual([created._id]);

    await dataOf(call('DELETE', `/templates/${created._id}`, admin.jwt));
    expect((await call('GET', `/templates/${created._id}`, admin.jwt)).statusCode).toBe(404);
    expect((await call('GET', `/templates/${created._id}/versions/1`, admin.jwt)).statusCode).toBe(404);
    const events = await auditOf(admin.companyId, { entityId: created._id });
    expect(events.map((event) => event.action)).toEqual(['create', 'update', 'delete']);
  });

  it('gives a new company an email and a document per purpose, in English and German, that render with the samples', async () => {
    const admin = await testApp.register('templates-defaults');
    const listed = await call('GET', '/templates?pageSize=100&sort=name', admin.jwt);
    const { data, meta } = listed.json() as { data: TTemplateSummary[]; meta: TListMeta };
    expect(meta.total).toBe(templatePurposes.length * 2 * 2);
    for (const purpose of templatePurposes) {
      for (const type of ['email', 'document'] as const) {
        const variants = data.filter((template) => template.purpose === purpose && template.type === type);
        expect(variants.map((template) => template.language).sort(), `${purpose} ${type}`).toEqual([
          'de',
          'en',
        ]);
        expect(new Set(variants.map((template) => template.familyId)).size).toBe(1);
      }
    }
    for (const summary of data) {
      const template = await dataOf<TTemplate>(call('GET', `/templates/${summary._id}`, admin.jwt));
      const { current } = template;
      const checked = await dataOf<TTemplateCheck>(
        call('POST', '/templates/check', admin.jwt, {
          type: template.type,
          purpose: template.purpose,
          body: current?.body ?? '',
          ...(current?.subject ? { subject: current.subject } : {}),
        }),
      );
      expect(checked.problems, template.name).toEqual([]);
      expect(checked.unknownVariables, template.name).toEqual([]);
      expect(checked.preview?.body, template.name).toContain('Harbour Freight GmbH');
    }
  });

  it('checks a draft: problems with positions, names the purpose lacks, and a preview with the sample data', async () => {
    const admin = await testApp.register('templates-check');
    const { name: _name, language: _language, ...draft } = letter;
    const preview = await dataOf<TTemplateCheck>(call('POST', '/templates/check', admin.jwt, draft));
    expect(preview.problems).toEqual([]);
    expect(preview.unknownVariables).toEqual([]);
    expect(preview.preview).toEqual({
      subject: 'Booking HF-2026-0412 confirmed',
      body: '<p>Dear Ada King, your booking HF-2026-0412 sails on 2 Dec 2026.</p>',
    });

    const unknown = await dataOf<TTemplateCheck>(
      call('POST', '/templates/check', admin.jwt, {
        ...draft,
        body: '<p>{{ shipment.bookingNo }} for {{ recipient.name }} {{ invoice.number }}</p>',
      }),
    );
    // The preview still shows what is known, the unknown names left empty beside the warning.
    expect(unknown).toEqual({
      problems: [],
      unknownVariables: ['shipment.bookingNo', 'invoice.number'],
      preview: { subject: 'Booking HF-2026-0412 confirmed', body: '<p> for Ada King </p>' },
    });

    const broken = await dataOf<TTemplateCheck>(
      call('POST', '/templates/check', admin.jwt, { ...draft, body: 'Hello\n{{ recipient.name ' }),
    );
    expect(broken.problems).toEqual([
      expect.objectContaining({ part: 'body', line: 2, column: expect.any(Number) }),
    ]);
    expect(broken.preview).toBeNull();

    const brokenSubject = await dataOf<TTemplateCheck>(
      call('POST', '/templates/check', admin.jwt, { ...draft, subject: 'Booking {% if %}' }),
    );
    expect(brokenSubject.problems).toEqual([expect.objectContaining({ part: 'subject', line: 1 })]);

    // A loop without end is stopped and shown as a problem, not a failed request.
    const endless = await dataOf<TTemplateCheck>(
      call('POST', '/templates/check', admin.jwt, {
        ...draft,
        body: '{% for a in (1..3000) %}{% for b in (1..3000) %}x{% endfor %}{% endfor %}',
      }),
    );
    expect(endless.problems).toEqual([
      expect.objectContaining({
        part: 'body',
        message: expect.stringMatching(/too long|too large|more than/),
      }),
    ]);
    expect(endless.preview).toBeNull();
  });
  it.skipIf(!hasChromium)(
    'prints a seeded document with the sample data to PDF, and only documents',
    async () => {
      const admin = await testApp.register('templates-pdf');
      const [listed] = await dataOf<TTemplateSummary[]>(
        call('GET', '/templates?type=document&purpose=arrival-notice&language=en', admin.jwt),
      );
      if (!listed) throw new Error('The seeded arrival notice is missing');
      const { current } = await dataOf<TTemplate>(call('GET', `/templates/${listed._id}`, admin.jwt));
      const draft = { type: 'document', purpose: 'arrival-notice', body: current?.body, page: current?.page };

      const printed = await call('POST', '/templates/pdf', admin.jwt, draft);
      expect(printed.statusCode, printed.body).toBe(200);
      expect(printed.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(printed.rawPayload);
      expect(text).toContain('Arrival notice');
      expect(text).toContain('Nordic Star arrives at New York on 14 Dec 2026.');
      expect(text).toContain('MSCU1234565');
      expect(text).toContain('18,250 kg');
      // What the client downloads names the product, not the server's browser build.
      const { info } = await (await getDocumentProxy(new Uint8Array(printed.rawPayload))).getMetadata();
      expect(info).toMatchObject({ Creator: 'Cargodesk', Producer: 'Cargodesk' });

      const email = await call('POST', '/templates/pdf', admin.jwt, {
        ...draft,
        type: 'email',
        subject: 'x',
      });
      expect(email.statusCode).toBe(400);
      expect(email.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', details: { fields: [{ field: 'type' }] } },
      });
      const broken = await call('POST', '/templates/pdf', admin.jwt, { ...draft, body: '{% if %}' });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toMatchObject({ error: { details: { problems: [{ line: 1 }] } } });
    },
  );
  it.skipIf(!hasChromium)(
    'fills templates for a mail in the reader’s language, prints one to attach, and keeps used versions',
    async () => {
      const admin = await testApp.register('templates-mail', undefined, { isVerified: true });
      const findOne = async (query: string) => {
        const [found] = await dataOf<TTemplateSummary[]>(call('GET', `/templates?${query}`, admin.jwt));
        if (!found) throw new Error(`No template for ${query}`);
        return found;
      };
      const letterEmail = await findOne('type=email&purpose=other&language=en');
      const letterDocument = await findOne('type=document&purpose=other&language=en');
      const bookingEmail = await findOne('type=email&purpose=booking-confirmation&language=en');
      const recipient = { email: 'ada@client.example', name: 'Ada <King>' };

      const filled = await dataOf<TRenderedTemplate>(
        call('POST', `/templates/${letterEmail._id}/render`, admin.jwt, { recipient }),
      );
      expect(filled).toMatchObject({
        templateId: letterEmail._id,
        language: 'en',
        subject: 'A message from templates-mail Freight',
      });
      // Values are escaped: the recipient's name is text, not markup.
      expect(filled.body).toContain('Dear Ada &lt;King&gt;,');
      expect(filled.body).toContain('Ada templates-mail');

      // Asked for German, the German language of the same template answers.
      const german = await dataOf<TRenderedTemplate>(
        call('POST', `/templates/${letterEmail._id}/render`, admin.jwt, { recipient, language: 'de' }),
      );
      expect(german).toMatchObject({ language: 'de', subject: 'Eine Nachricht von templates-mail Freight' });
      expect(german.body).toContain('Guten Tag Ada &lt;King&gt;,');

      // A booking confirmation needs a shipment, which a mail from the composer does not have.
      const needsShipment = await call('POST', `/templates/${bookingEmail._id}/render`, admin.jwt, {
        recipient,
      });
      expect(needsShipment.statusCode).toBe(400);
      expect(needsShipment.json().error.message).toMatch(/uses shipment\.reference.*no value for/);
      const notAnEmail = await call('POST', `/templates/${letterDocument._id}/render`, admin.jwt, {
        recipient,
      });
      expect(notAnEmail.statusCode).toBe(400);

      const attached = await dataOf<TTemplateAttachment>(
        call('POST', `/templates/${letterDocument._id}/attachment`, admin.jwt, { recipient }),
        201,
      );
      expect(attached.file).toMatchObject({ name: 'Letter.pdf', contentType: 'application/pdf' });
      const download = await testApp.app.inject({
        method: 'GET',
        url: `/driveserver/api/v1/filesystem/file/${attached.file._id}`,
        headers: { authorization: admin.jwt },
      });
      const printedText = await pdfText(download.rawPayload);
      expect(printedText).toContain('templates-mail Freight');
      expect(printedText).toContain('Ada <King>');
      expect(await auditOf(admin.companyId, { entityId: letterDocument._id })).toContainEqual(
        expect.objectContaining({ action: 'print' }),
      );

      const sendMail = (templateVersionIds: string[]) =>
        testApp.app.inject({
          method: 'POST',
          url: '/mailserver/api/v1/send',
          headers: { authorization: admin.jwt },
          payload: {
            to: [recipient.email],
            subject: filled.subject,
            html: filled.body,
            attachmentFileIds: [attached.file._id],
            templateVersionIds,
          },
        });
      // A version of no template of this company refuses the whole mail.
      const other = await testApp.register('templates-mail-other');
      const [foreign] = await dataOf<TTemplateSummary[]>(call('GET', '/templates?type=email', other.jwt));
      const { current: foreignVersion } = await dataOf<TTemplate>(
        call('GET', `/templates/${foreign?._id}`, other.jwt),
      );
      const refused = await sendMail([filled.versionId, foreignVersion?._id ?? '']);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({
        error: { details: { fields: [{ field: 'templateVersionIds' }] } },
      });

      const sent = await sendMail([filled.versionId, attached.versionId]);
      expect(sent.statusCode, sent.body).toBe(201);

      // Used in a mail, the templates are kept: archived, never deleted.
      for (const used of [letterEmail, letterDocument]) {
        const deleting = await call('DELETE', `/templates/${used._id}`, admin.jwt);
        expect(deleting.statusCode).toBe(409);
        expect(deleting.json().error.message).toBe(
          'This template was used in a mail, so its versions are kept. Archive it instead.',
        );
      }
      await dataOf(call('PATCH', `/templates/${letterEmail._id}`, admin.jwt, { status: 'archived' }));
      // The German language was not used: it may go.
      const germanLetter = await findOne('type=email&purpose=other&language=de');
      expect((await call('DELETE', `/templates/${germanLetter._id}`, admin.jwt)).statusCode).toBe(200);
    },
  );
  it("fills a template's contact variables from the recipient's contact, for writers who may read contacts", async () => {
    const admin = await testApp.register('templates-contact');
    const contactsApi = (method: 'POST', url: string, payload: object) =>
      testApp.app.inject({
        method,
        url: `/contactserver/api/v1${url}`,
        headers: { authorization: admin.jwt },
        payload,
      });
    const organisation = (
      await contactsApi('POST', '/contacts', {
        kind: 'organisation',
        name: 'King Imports Ltd',
        roles: ['customer', 'consignee'],
        addresses: [{ street: '350 5th Ave', postalCode: '10118', city: 'New York', countryCode: 'US' }],
      })
    ).json<{ data: { _id: string } }>().data;
    const person = await contactsApi('POST', '/contacts', {
      kind: 'person',
      name: 'Ada King',
      organisationId: organisation._id,
      jobTitle: 'Import manager',
      emails: [{ label: 'Work', address: 'Ada.King@Client.example' }],
      addresses: [{ city: 'New York', countryCode: 'US' }],
    });
    expect(person.statusCode, person.body).toBe(201);
    await contactsApi('POST', '/contacts', {
      kind: 'organisation',
      name: 'King Imports Ltd',
      roles: ['customer', 'consignee'],
      emails: [{ label: '', address: 'office@king.example' }],
      addresses: [{ street: '350 5th Ave', postalCode: '10118', city: 'New York', countryCode: 'US' }],
    });
    const created = await dataOf<TTemplate>(
      call('POST', '/templates', admin.jwt, {
        type: 'email',
        purpose: 'other',
        name: 'To a contact',
        language: 'en',
        subject: 'For {{ recipient.company }}',
        body: '<p>Dear {{ recipient.name }} ({{ contact.jobTitle }}, {{ contact.organisation }}): {{ contact.address }} [{{ contact.roles }}]</p>',
      }),
      201,
    );
    const render = (jwt: string, email: string) =>
      dataOf<TRenderedTemplate>(
        call('POST', `/templates/${created._id}/render`, jwt, { recipient: { email } }),
      );

    // Found by the address in any case; a person's company is their organisation.
    const toPerson = await render(admin.jwt, 'ada.king@client.example');
    expect(toPerson.subject).toBe('For King Imports Ltd');
    expect(toPerson.body).toContain(
      'Dear Ada King (Import manager, King Imports Ltd): New York, United States of America []',
    );
    // An organisation is its own company, with its first address on one line and its roles in words.
    const toOrganisation = await render(admin.jwt, 'office@king.example');
    expect(toOrganisation.body).toContain(
      'Dear King Imports Ltd (, ): 350 5th Ave, 10118 New York, United States of America [Customer, Consignee]',
    );
    // An address no contact has leaves the contact empty, and the greeting is the address.
    const toStranger = await render(admin.jwt, 'someone@else.example');
    expect(toStranger.subject).toBe('For ');
    expect(toStranger.body).toContain('Dear someone@else.example (, ):  []');

    // A writer who may send mail but not read contacts learns nothing of the contact.
    const mailer = await testApp.addUser(admin, {
      label: 'template-mailer',
      role: { permissions: ['mail:send', 'templates:read'] },
    });
    const narrowed = await render(mailer.jwt, 'ada.king@client.example');
    expect(narrowed.subject).toBe('For ');
    expect(narrowed.body).toContain('Dear ada.king@client.example (, ):  []');

    // Another company's contact with the same address fills nothing.
    const other = await testApp.register('templates-contact-other');
    const [otherLetter] = await dataOf<TTemplateSummary[]>(
      call('GET', '/templates?type=email&purpose=other&language=en', other.jwt),
    );
    const foreign = await dataOf<TRenderedTemplate>(
      call('POST', `/templates/${otherLetter?._id}/render`, other.jwt, {
        recipient: { email: 'ada.king@client.example' },
      }),
    );
    expect(foreign.body).toContain('Dear ada.king@client.example,');
  });
  it('settles a deletion racing a mail that uses the template: one of the two is refused, never a 500', async () => {
    const admin = await testApp.register('templates-race', undefined, { isVerified: true });
    for (let round = 0; round < 5; round += 1) {
      const created = await dataOf<TTemplate>(
        call('POST', '/templates', admin.jwt, { ...letter, name: `Race ${round}` }),
        201,
      );
      const [deleted, sent] = await Promise.all([
        call('DELETE', `/templates/${created._id}`, admin.jwt),
        testApp.app.inject({
          method: 'POST',
          url: '/mailserver/api/v1/send',
          headers: { authorization: admin.jwt },
          payload: {
            to: ['race@client.example'],
            subject: 'Race',
            templateVersionIds: [created.current?._id],
          },
        }),
      ]);
      const outcome = `${deleted.statusCode}/${sent.statusCode}`;
      expect(['200/400', '409/201'], `${outcome}: ${deleted.body} ${sent.body}`).toContain(outcome);
    }
  });
});
