import { createHash } from 'node:crypto';
import type { TShipment, TShipmentDocument, TShipmentDocumentPreview } from '@cargodesk/shared';
import { and, eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { behaviourDatabaseKinds, testDatabaseKinds } from '../../../../test/databases.ts';
import { answeredData, answeredError, auditReader, routeCaller } from '../../../../test/route-helpers.ts';
import { files, mails, shipmentParties } from '../../../db/schema/index.ts';
import { findChromium } from '../../../pdf/find-chromium.ts';
import { startIamTestApp, type TIamTestApp, type TRegistered } from '../../access/access-test-support.ts';

// A shipment's documents through the real routes: drafts filled from the company's seeded
// templates on the tenant work pool, eBL's moves and only those, the issue that prints once in the
// real Chromium and keeps the file and its SHA-256, the party copies, and who may see charges.

const hasChromium = findChromium(process.env.CHROMIUM_PATH).found;
const pdfText = async (bytes: Buffer) =>
  (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;

describe.each(behaviourDatabaseKinds)('shipment documents on %s', (kind) => {
  let testApp: TIamTestApp;
  let admin: TRegistered;
  let viewer: TRegistered;
  let consignee: string;
  let shipper: string;
  const call = routeCaller(() => testApp.app, '/freightserver/api/v1');
  const contacts = routeCaller(() => testApp.app, '/contactserver/api/v1');
  const master = routeCaller(() => testApp.app, '/master/api/v1');
  const auditOf = auditReader(() => testApp.database.db);
  const dataOf = answeredData;
  const errorOf = answeredError;

  const contact = async (body: object) =>
    (await dataOf<{ _id: string }>(contacts('POST', '/contacts', admin.jwt, body), 201))._id;
  const shipment = async (body: object = {}) =>
    dataOf<TShipment>(
      call('POST', '/shipments', admin.jwt, {
        mode: 'sea',
        direction: 'import',
        loadType: 'fcl',
        vesselName: 'Nordic Star',
        voyageNumber: '112W',
        parties: { consignee: { organisationId: consignee }, shipper: { organisationId: shipper } },
        ...body,
      }),
      201,
    );
  const documents = (shipmentId: string) => `/shipments/${shipmentId}/documents`;
  const draft = (shipmentId: string, documentKind: string, jwt = admin.jwt) =>
    call('POST', documents(shipmentId), jwt, { kind: documentKind });
  const move = (shipmentId: string, id: string, status: string, jwt = admin.jwt) =>
    call('POST', `${documents(shipmentId)}/${id}/status`, jwt, { status });

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
    // A proved address: the company may mail outside addresses.
    admin = await testApp.register('shipment-documents', undefined, { isVerified: true });
    viewer = await testApp.addUser(admin, { label: 'documents-viewer', role: { systemKey: 'viewer' } });
    await dataOf(master('PUT', '/currency-settings/base', admin.jwt, { baseCurrency: 'EUR' }));
    consignee = await contact({
      kind: 'organisation',
      name: 'King Imports Ltd',
      emails: [{ address: 'imports@king.example' }],
      addresses: [{ street: '350 5th Ave', postalCode: '10118', city: 'New York', countryCode: 'US' }],
    });
    shipper = await contact({ kind: 'organisation', name: 'Harbour Exports BV' });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('makes a draft from the seeded template, previews it live from the shipment, and audits it', async () => {
    const sea = await shipment();
    const made = await dataOf<TShipmentDocument>(draft(sea._id, 'house-bill-of-lading'), 201);
    expect(made).toMatchObject({
      kind: 'house-bill-of-lading',
      version: 1,
      status: 'DRAFT',
      moves: ['APPROVED'],
      template: { name: 'House bill of lading', language: 'en', versionNumber: null },
      file: null,
      issued: null,
    });
    const preview = await dataOf<TShipmentDocumentPreview>(
      call('GET', `${documents(sea._id)}/${made._id}/preview`, admin.jwt),
    );
    expect(preview.html).toContain(sea.reference);
    expect(preview.html).toContain('King Imports Ltd, 350 5th Ave, 10118 New York, United States of America');
    expect(preview.html).toContain('Nordic Star');
    // Live: a change of the shipment shows in the next preview.
    await dataOf(call('PATCH', `/shipments/${sea._id}`, admin.jwt, { vesselName: 'Baltic Dawn' }));
    const again = await dataOf<TShipmentDocumentPreview>(
      call('GET', `${documents(sea._id)}/${made._id}/preview`, admin.jwt),
    );
    expect(again.html).toContain('Baltic Dawn');

    const listed = await call('GET', documents(sea._id), admin.jwt);
    expect(listed.json()).toMatchObject({ data: [{ _id: made._id }], meta: { total: 1, page: 1 } });
    const [entry] = (await auditOf(admin.companyId, { entityId: sea._id })).filter(
      (event) => (event.after as { document?: unknown } | null)?.document,
    );
    expect(entry?.after).toMatchObject({ document: { _id: made._id, status: 'DRAFT', version: 1 } });
  });

  it('moves only as eBL allows, naming the legal moves, and keeps one open document per kind', async () => {
    const sea = await shipment();
    const made = await dataOf<TShipmentDocument>(draft(sea._id, 'house-bill-of-lading'), 201);
    const early = await errorOf(move(sea._id, made._id, 'VOID'), 409);
    expect(early.message).toBe('A document draft cannot be moved to void; it can move to approved');
    expect(early.details).toMatchObject({ moves: ['APPROVED'] });
    const second = await errorOf(draft(sea._id, 'house-bill-of-lading'), 409);
    expect(second.message).toContain('already has a house bill of lading (version 1, draft)');
    const approved = await dataOf<TShipmentDocument>(move(sea._id, made._id, 'APPROVED'));
    expect(approved).toMatchObject({ status: 'APPROVED', moves: ['DRAFT', 'ISSUED'] });
    expect(approved.approved?.email).toBe(admin.email);
    const reopened = await dataOf<TShipmentDocument>(move(sea._id, made._id, 'DRAFT'));
    expect(reopened).toMatchObject({ status: 'DRAFT', approved: null });
    // A bill is for sea; an air waybill for air.
    const wrongMode = await errorOf(draft(sea._id, 'house-air-waybill'), 400);
    expect(wrongMode.details?.fields?.[0]?.field).toBe('kind');
    const newVersion = await errorOf(
      call('POST', `${documents(sea._id)}/${made._id}/versions`, admin.jwt),
      409,
    );
    expect(newVersion.message).toBe('Only a void document gets a new version');
  });

  it('refuses bad input with the field, and another company’s shipment and document with 404', async () => {
    const sea = await shipment();
    const made = await dataOf<TShipmentDocument>(draft(sea._id, 'booking-confirmation'), 201);
    const unknownKind = await errorOf(draft(sea._id, 'master-bill'), 400);
    expect(unknownKind.details?.fields?.[0]?.field).toBe('kind');
    const badStatus = await errorOf(move(sea._id, made._id, 'SHREDDED'), 400);
    expect(badStatus.details?.fields?.[0]?.field).toBe('status');
    await errorOf(call('GET', `${documents(sea._id)}/not-an-id`, admin.jwt), 400);

    const other = await testApp.register('shipment-documents-other');
    await errorOf(call('GET', documents(sea._id), other.jwt), 404);
    await errorOf(draft(sea._id, 'booking-confirmation', other.jwt), 404);
    await errorOf(call('GET', `${documents(sea._id)}/${made._id}`, other.jwt), 404);
    await errorOf(call('GET', `${documents(sea._id)}/${made._id}/preview`, other.jwt), 404);
    await errorOf(move(sea._id, made._id, 'APPROVED', other.jwt), 404);
    // Another shipment of the same company does not reach this document either.
    const elsewhere = await shipment();
    await errorOf(call('GET', `${documents(elsewhere._id)}/${made._id}`, admin.jwt), 404);
  });

  it('keeps the sell charges of an arrival notice, and every price, from a Viewer', async () => {
    const sea = await shipment();
    await dataOf(
      call('PUT', `/shipments/${sea._id}/charges`, admin.jwt, {
        lines: [
          {
            side: 'sell',
            chargeCode: 'THC-D',
            description: 'Terminal handling',
            partyId: consignee,
            quantity: '1',
            unit: 'shipment',
            unitPrice: '345.50',
            currency: 'EUR',
            date: '2026-03-01',
          },
          {
            side: 'buy',
            chargeCode: 'OFR',
            partyId: shipper,
            quantity: '1',
            unit: 'shipment',
            unitPrice: '987.65',
            currency: 'EUR',
            date: '2026-03-01',
          },
        ],
      }),
    );
    const notice = await dataOf<TShipmentDocument>(draft(sea._id, 'arrival-notice'), 201);
    const preview = await dataOf<TShipmentDocumentPreview>(
      call('GET', `${documents(sea._id)}/${notice._id}/preview`, admin.jwt),
    );
    expect(preview.html).toContain('345.50');
    // The buy side and the margin are never a document's data.
    expect(preview.html).not.toContain('987.65');
    expect(preview.html).not.toContain('642.15');

    // A Viewer reads that the notice exists, but not its charges.
    const listed = await dataOf<TShipmentDocument[]>(call('GET', documents(sea._id), viewer.jwt));
    expect(listed.map((document) => document._id)).toEqual([notice._id]);
    const refused = await errorOf(
      call('GET', `${documents(sea._id)}/${notice._id}/preview`, viewer.jwt),
      403,
    );
    expect(refused.message).toBe('This needs the charges:read permission');
    await errorOf(call('GET', `${documents(sea._id)}/${notice._id}/pdf`, viewer.jwt), 403);
    // A booking confirmation has no charges: the Viewer previews it.
    const booking = await dataOf<TShipmentDocument>(draft(sea._id, 'booking-confirmation'), 201);
    await dataOf(call('GET', `${documents(sea._id)}/${booking._id}/preview`, viewer.jwt));
    // And writes nothing.
    await errorOf(draft(sea._id, 'sea-waybill', viewer.jwt), 403);
  });

  it.skipIf(!hasChromium)(
    'issues once: one PDF stored with its SHA-256, the parties copied, re-prints of that file, then void and a new version',
    async () => {
      const sea = await shipment();
      const notice = await dataOf<TShipmentDocument>(draft(sea._id, 'arrival-notice'), 201);
      const notApproved = await errorOf(move(sea._id, notice._id, 'ISSUED'), 409);
      expect(notApproved.details).toMatchObject({ moves: ['APPROVED'] });
      await errorOf(call('GET', `${documents(sea._id)}/${notice._id}/pdf`, admin.jwt), 409);
      await dataOf(move(sea._id, notice._id, 'APPROVED'));
      const filesBefore = await testApp.database.db
        .select()
        .from(files)
        .where(eq(files.companyId, admin.companyId));

      const issued = await dataOf<TShipmentDocument>(move(sea._id, notice._id, 'ISSUED'));
      expect(issued).toMatchObject({ status: 'ISSUED', moves: ['VOID'], template: { versionNumber: 1 } });
      expect(issued.file?.sha256).toMatch(/^[0-9a-f]{64}$/);
      expect(issued.issued?.email).toBe(admin.email);

      const download = await call('GET', `${documents(sea._id)}/${notice._id}/pdf`, admin.jwt);
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(issued.file?.sha256);
      expect(await pdfText(download.rawPayload)).toContain('King Imports Ltd');
      // Exactly one file was made; a second download is the same bytes.
      const filesAfter = await testApp.database.db
        .select()
        .from(files)
        .where(eq(files.companyId, admin.companyId));
      expect(filesAfter).toHaveLength(filesBefore.length + 1);
      const reprint = await call('GET', `${documents(sea._id)}/${notice._id}/pdf`, admin.jwt);
      expect(Buffer.compare(reprint.rawPayload, download.rawPayload)).toBe(0);
      // The files routes keep it: deleting an issued document's PDF is refused.
      const kept = await testApp.app.inject({
        method: 'DELETE',
        url: `/driveserver/api/v1/filesystem/file/${issued.file?._id}`,
        headers: { authorization: admin.jwt },
      });
      expect(kept.statusCode, kept.body).toBe(409);
      // Nor do they hand it to a reader who may not see its charges: the Viewer holds files:read
      // yet finds it neither by id nor in the list, and a clerk who may mail cannot attach it.
      const drive = routeCaller(() => testApp.app, '/driveserver/api/v1');
      await errorOf(drive('GET', `/filesystem/file/${issued.file?._id}`, viewer.jwt), 404);
      await errorOf(drive('GET', `/filesystem/file/${issued.file?._id}/meta`, viewer.jwt), 404);
      const listedFiles = await dataOf<{ _id: string }[]>(drive('GET', '/filesystem/file', admin.jwt));
      expect(listedFiles.map((file) => file._id)).not.toContain(issued.file?._id);
      const clerk = await testApp.addUser(admin, {
        label: 'documents-clerk',
        role: { permissions: ['shipments:read', 'files:read', 'files:write', 'mail:send'] },
      });
      const attached = await errorOf(
        routeCaller(() => testApp.app, '/mailserver/api/v1')('POST', '/send', clerk.jwt, {
          to: ['someone@client.test'],
          subject: 'The notice',
          attachmentFileIds: [issued.file?._id],
        }),
        400,
      );
      expect(attached.details).toMatchObject({
        fields: [expect.objectContaining({ field: 'attachmentFileIds' })],
      });
      // Whoever may print it from the shipment reads it on the files routes too.
      const byAdmin = await drive('GET', `/filesystem/file/${issued.file?._id}`, admin.jwt);
      expect(Buffer.compare(byAdmin.rawPayload, download.rawPayload)).toBe(0);
      // An issued document previews no more: its PDF is the document.
      await errorOf(call('GET', `${documents(sea._id)}/${notice._id}/preview`, admin.jwt), 409);
      await errorOf(move(sea._id, notice._id, 'ISSUED'), 409);

      // The parties as printed, kept on the shipment's parties.
      const [copied] = await testApp.database.db
        .select()
        .from(shipmentParties)
        .where(and(eq(shipmentParties.shipmentId, sea._id), eq(shipmentParties.role, 'consignee')));
      expect(copied?.issuedAt).toBeInstanceOf(Date);
      expect(copied?.issuedCopy).toMatchObject({
        organisation: { name: 'King Imports Ltd', email: 'imports@king.example' },
      });

      // Sent in one action to the consignee and notify party at their contacts' addresses, by
      // reference to the stored file, and recorded on the shipment's history.
      const sent = await dataOf<{ mailId: string; to: string[] }>(
        call('POST', `${documents(sea._id)}/${notice._id}/send`, admin.jwt, {}),
        201,
      );
      expect(sent.to).toEqual(['imports@king.example']);
      // The composer pre-fills the same addresses from the document as read.
      const read = await dataOf<TShipmentDocument>(
        call('GET', `${documents(sea._id)}/${notice._id}`, admin.jwt),
      );
      expect(read.sendTo).toEqual(['imports@king.example']);
      const [queued] = await testApp.database.db.select().from(mails).where(eq(mails.id, sent.mailId));
      expect(queued?.subject).toBe(`Arrival notice ${sea.reference}`);
      expect(JSON.stringify(queued?.attachments)).toContain(issued.file?._id ?? 'no file');
      const history = await auditOf(admin.companyId, { entityId: sea._id });
      expect(history.at(-1)?.after).toMatchObject({
        documentSent: { _id: notice._id, mailId: sent.mailId, to: ['imports@king.example'] },
      });

      const voided = await dataOf<TShipmentDocument>(move(sea._id, notice._id, 'VOID'));
      await errorOf(call('POST', `${documents(sea._id)}/${notice._id}/send`, admin.jwt, {}), 409);
      expect(voided).toMatchObject({ status: 'VOID', moves: [] });
      expect(voided.file?.sha256).toBe(issued.file?.sha256);
      const next = await dataOf<TShipmentDocument>(
        call('POST', `${documents(sea._id)}/${notice._id}/versions`, admin.jwt),
        201,
      );
      expect(next).toMatchObject({ kind: 'arrival-notice', version: 2, status: 'DRAFT', file: null });
      const trail = (await auditOf(admin.companyId, { entityId: sea._id }))
        .map((event) => (event.after as { document?: { version: number; status: string } } | null)?.document)
        .filter(Boolean)
        .map((document) => `${document?.version} ${document?.status}`);
      expect(trail).toEqual(['1 DRAFT', '1 APPROVED', '1 ISSUED', '1 VOID', '2 DRAFT']);
    },
  );

  it.skipIf(!hasChromium)('surrenders a house bill before it is voided', async () => {
    const sea = await shipment();
    const bill = await dataOf<TShipmentDocument>(draft(sea._id, 'house-bill-of-lading'), 201);
    await dataOf(move(sea._id, bill._id, 'APPROVED'));
    const issued = await dataOf<TShipmentDocument>(move(sea._id, bill._id, 'ISSUED'));
    expect(issued.moves).toEqual(['PENDING_SURRENDER_FOR_AMENDMENT', 'PENDING_SURRENDER_FOR_DELIVERY']);
    await errorOf(move(sea._id, bill._id, 'VOID'), 409);
    // The shipper's contact has no address to send the bill to.
    const noAddress = await errorOf(
      call('POST', `${documents(sea._id)}/${bill._id}/send`, admin.jwt, {}),
      400,
    );
    expect(noAddress.details?.fields?.[0]).toEqual({
      field: 'roles',
      message: 'None of these parties has an e-mail address in your contacts',
    });
    await dataOf(move(sea._id, bill._id, 'PENDING_SURRENDER_FOR_AMENDMENT'));
    await dataOf(move(sea._id, bill._id, 'SURRENDER_FOR_AMENDMENT'));
    const voided = await dataOf<TShipmentDocument>(move(sea._id, bill._id, 'VOID'));
    expect(voided.status).toBe('VOID');
  });
});

// The database's part: two drafts of one kind at once number in turn under the shipment's lock, and
// the open-document index leaves exactly one, on either database.
describe.each(testDatabaseKinds)('shipment documents made at once on %s', (kind) => {
  let testApp: TIamTestApp;
  const call = routeCaller(() => testApp.app, '/freightserver/api/v1');

  beforeAll(async () => {
    testApp = await startIamTestApp({ kind });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('keeps one open document of a kind when two drafts race, and numbers versions without gaps', async () => {
    const admin = await testApp.register('shipment-documents-race');
    const sea = await answeredData<TShipment>(
      call('POST', '/shipments', admin.jwt, { mode: 'sea', direction: 'export', loadType: 'fcl' }),
      201,
    );
    const url = `/shipments/${sea._id}/documents`;
    const answers = await Promise.all(
      [1, 2, 3].map(() => call('POST', url, admin.jwt, { kind: 'sea-waybill' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409]);
    const listed = await answeredData<TShipmentDocument[]>(call('GET', url, admin.jwt));
    expect(listed.map((document) => [document.kind, document.version])).toEqual([['sea-waybill', 1]]);
  });
});
