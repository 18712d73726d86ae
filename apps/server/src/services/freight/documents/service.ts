import {
  defaultTemplatePage,
  shipmentDocumentKinds,
  shipmentDocumentMessages,
  type TShipmentDocument,
  type TShipmentDocumentCreate,
  type TShipmentDocumentKind,
  type TShipmentDocumentListQuery,
  type TShipmentDocumentSend,
  type TShipmentDocumentSent,
  type TShipmentPartyRole,
  type TTransportDocumentStatus,
  transportDocumentMoveRefusal,
  transportDocumentStatusLabels,
  transportDocumentTransitionsFrom,
} from '@cargodesk/shared';
import type { Db, Queryable } from '../../../db/client.ts';
import { listMeta } from '../../../db/paging.ts';
import type { TPdfRenderer } from '../../../pdf/pdf-renderer.ts';
import { assertPermission, type TAuthContext } from '../../../platform/auth/auth-context.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import { withTenant, withTenantRead } from '../../../platform/data-access/tenant-transaction.ts';
import { auditTrails, type TAuditActor } from '../../../platform/events/audit.ts';
import { AppError } from '../../../platform/http/errors.ts';
import type { TRateLimit } from '../../../platform/http/rate-limits.ts';
import type { TTenantTemplates } from '../../../templating/tenant-templates.ts';
import { findDocumentParties } from '../../contacts/public.ts';
import {
  discardMadeFile,
  openCompanyFile,
  storeMadeFile,
  type TFilesServiceDependencies,
  type TKeptFileCheck,
} from '../../files/public.ts';
import type { createMailService } from '../../mail/public.ts';
import { chooseDocumentTemplate, findDocumentTemplateText, localeOf } from '../../templates/public.ts';
import { readShipmentCharges } from '../charges/service.ts';
import type { createShipmentsService } from '../shipments/service.ts';
import { documentDataOf, partyCopiesOf } from './document-data.ts';
import * as repository from './repository.ts';

// A shipment's transport documents (docs/decisions/049-shipment-documents.md). A draft is filled
// live from the shipment on the tenant work pool; issue fills it once more, prints it once in
// Chromium before any transaction opens, stores the PDF as the company's file with its SHA-256,
// and then, in one transaction, marks the document issued and copies the parties as printed. A
// re-print is that file; a change after issue is a void and a new version.

export type TDocumentsServiceDependencies = {
  db: Db;
  shipments: Pick<ReturnType<typeof createShipmentsService>, 'readInTransaction'>;
  templates: TTenantTemplates;
  pdf: TPdfRenderer;
  pdfRendersPerCompany: TRateLimit;
  drive: TFilesServiceDependencies;
  mail: Pick<ReturnType<typeof createMailService>, 'send'>;
};

/** Whom a document goes to when the sender names no roles. */
const sendsTo: Record<TShipmentDocumentKind, TShipmentPartyRole[]> = {
  'house-bill-of-lading': ['shipper'],
  'sea-waybill': ['shipper'],
  'house-air-waybill': ['shipper'],
  'booking-confirmation': ['customer'],
  'arrival-notice': ['consignee', 'notifyParty'],
};

const tooManyPdfs = 'Your company has made many PDFs in the last hour. Try again later.';
const shipmentNotFound = 'No such shipment in your company';

const who = (at: Date | null, userId: string | null, email: string | null) =>
  at ? { userId, email, at: at.toISOString() } : null;

const toView = (row: repository.TDocumentRow, sendTo: string[] = []): TShipmentDocument => {
  const kind = row.kind as TShipmentDocumentKind;
  const status = row.status as TTransportDocumentStatus;
  return {
    _id: row.id,
    shipmentId: row.shipmentId,
    kind,
    version: row.version,
    status,
    // Issue has its own work (the print), but is one of the moves as eBL names them.
    moves: transportDocumentTransitionsFrom(kind, status).map((move) => move.to),
    template: {
      _id: row.templateId,
      name: row.templateName,
      language: row.templateLanguage,
      versionNumber: row.templateVersionNumber,
    },
    file:
      row.fileId && row.fileSha256
        ? { _id: row.fileId, name: row.fileName ?? '', size: row.fileSize ?? 0, sha256: row.fileSha256 }
        : null,
    sendTo,
    created: { userId: row.createdBy, email: row.createdByEmail, at: row.createdAt.toISOString() },
    approved: who(row.approvedAt, row.approvedBy, row.approvedByEmail),
    issued: who(row.issuedAt, row.issuedBy, row.issuedByEmail),
    voided: who(row.voidedAt, row.voidedBy, row.voidedByEmail),
    updatedAt: row.updatedAt.toISOString(),
  };
};

/** What the shipment's history keeps of a document: never its data, so never a price. */
const audited = (row: repository.TDocumentRow) => ({
  document: {
    _id: row.id,
    kind: row.kind,
    version: row.version,
    status: row.status,
    template: { _id: row.templateId, name: row.templateName, versionNumber: row.templateVersionNumber },
    fileId: row.fileId,
    sha256: row.fileSha256,
  },
});

/** A kind that prints the sell charges is for readers of the charges only (decision 043). */
const assertMayShow = (auth: TAuthContext, kind: TShipmentDocumentKind) => {
  if (shipmentDocumentKinds[kind].showsCharges) assertPermission(auth, 'charges:read');
};

/** What the files module keeps an issued document's PDF under (`files.kept_for`). */
export const issuedDocumentFiles = 'shipment-document';

/**
 * Who may read an issued PDF through the files routes or attach it to a mail: whoever may download
 * it from its shipment, so files:read or mail:send alone never shows an arrival notice's charges.
 */
export const mayReadIssuedFile: TKeptFileCheck = async (tx, auth, fileId) => {
  const document = await repository.findDocumentOfFile(tx, auth.companyId, fileId);
  if (!document || !auth.permissions.includes('shipments:read')) return false;
  const kind = document.kind as TShipmentDocumentKind;
  return !shipmentDocumentKinds[kind]?.showsCharges || auth.permissions.includes('charges:read');
};

export const createDocumentsService = ({
  db,
  shipments,
  templates,
  pdf,
  pdfRendersPerCompany,
  drive,
  mail,
}: TDocumentsServiceDependencies) => {
  const findShipment = async (tx: Queryable, auth: TAuthContext, id: string, forUpdate = false) => {
    const shipment = await shipments.readInTransaction(tx, auth.companyId, id, forUpdate);
    if (!shipment) throw new AppError('NOT_FOUND', shipmentNotFound);
    return shipment;
  };

  const findRow = async (
    tx: Queryable,
    auth: TAuthContext,
    shipmentId: string,
    id: string,
    forUpdate = false,
  ) => {
    const row = await repository.findDocument(tx, auth.companyId, shipmentId, id, { forUpdate });
    if (!row) throw new AppError('NOT_FOUND', shipmentDocumentMessages.notFound);
    return row;
  };

  const refuseMove = (row: repository.TDocumentRow, to: TTransportDocumentStatus) => {
    const kind = row.kind as TShipmentDocumentKind;
    const from = row.status as TTransportDocumentStatus;
    const refusal = transportDocumentMoveRefusal(kind, from, to);
    if (refusal) {
      throw new AppError('CONFLICT', refusal, {
        moves: transportDocumentTransitionsFrom(kind, from).map((move) => move.to),
      });
    }
  };

  /** Each kind's addresses now: the e-mails of its parties (or those of `roles`), from the contacts. */
  const addressesOf = async (
    tx: Queryable,
    auth: TAuthContext,
    shipment: Awaited<ReturnType<typeof findShipment>>,
  ) => {
    const ids = Object.values(shipment.parties).flatMap((party) =>
      party ? [party.organisation._id, ...(party.person ? [party.person._id] : [])] : [],
    );
    const copies = partyCopiesOf(shipment, await findDocumentParties(tx, auth.companyId, ids));
    return (roles: readonly TShipmentPartyRole[]) => [
      ...new Set(
        roles.flatMap((role) => {
          const copy = copies.get(role);
          const address = copy?.person?.email || copy?.organisation.email;
          return address ? [address] : [];
        }),
      ),
    ];
  };

  const list = (auth: TAuthContext, shipmentId: string, query: TShipmentDocumentListQuery) =>
    withTenantRead(db, auth.companyId, async (tx) => {
      const shipment = await findShipment(tx, auth, shipmentId);
      const addresses = await addressesOf(tx, auth, shipment);
      const page = { page: query.page, pageSize: query.pageSize };
      const { rows, total } = await repository.findDocumentPage(tx, {
        companyId: auth.companyId,
        shipmentId,
        kind: query.kind,
        ...page,
      });
      return {
        data: rows.map((row) => toView(row, addresses(sendsTo[row.kind as TShipmentDocumentKind]))),
        meta: listMeta(total, page),
      };
    });

  const get = (auth: TAuthContext, shipmentId: string, id: string) =>
    withTenantRead(db, auth.companyId, async (tx) => {
      const shipment = await findShipment(tx, auth, shipmentId);
      const row = await findRow(tx, auth, shipmentId, id);
      const addresses = await addressesOf(tx, auth, shipment);
      return toView(row, addresses(sendsTo[row.kind as TShipmentDocumentKind]));
    });

  /**
   * A draft of `kind` in the next version. The shipment's row is locked, so two drafts at once
   * number in turn; a kind with a document still in force is refused (the unique index backs it).
   */
  const insertDraft = async (
    tx: Queryable,
    auth: TAuthContext,
    actor: TAuditActor,
    shipmentId: string,
    kind: TShipmentDocumentKind,
    languages: (string | null | undefined)[],
  ) => {
    const shipment = await findShipment(tx, auth, shipmentId, true);
    const { modes, label } = shipmentDocumentKinds[kind];
    if (!(modes as readonly string[]).includes(shipment.mode))
      throw new AppError(
        'VALIDATION_FAILED',
        `Invalid body: kind ${shipmentDocumentMessages.notForMode(kind, shipment.mode)}`,
        {
          fields: [{ field: 'kind', message: shipmentDocumentMessages.notForMode(kind, shipment.mode) }],
        },
      );
    const open = await repository.findOpenDocument(tx, auth.companyId, shipmentId, kind);
    if (open)
      throw new AppError(
        'CONFLICT',
        shipmentDocumentMessages.alreadyOpen(
          label,
          open.version,
          transportDocumentStatusLabels[open.status as TTransportDocumentStatus],
        ),
        { documentId: open.id },
      );
    const template = await chooseDocumentTemplate(tx, auth.companyId, kind, languages);
    if (!template) throw new AppError('CONFLICT', shipmentDocumentMessages.noTemplate);
    const id = createId();
    await repository.insertDocument(tx, {
      companyId: auth.companyId,
      id,
      shipmentId,
      kind,
      version: await repository.nextVersion(tx, auth.companyId, shipmentId, kind),
      status: 'DRAFT',
      templateId: template.id,
      templateName: template.name,
      templateLanguage: template.language,
      createdBy: auth.userId,
      createdByEmail: auth.user.email,
    });
    const row = await findRow(tx, auth, shipmentId, id);
    await auditTrails.shipment(tx, actor, 'update', shipmentId, { after: audited(row) });
    return toView(row);
  };

  const create = (
    auth: TAuthContext,
    actor: TAuditActor,
    shipmentId: string,
    input: TShipmentDocumentCreate,
  ) => {
    assertMayShow(auth, input.kind);
    return withTenant(db, auth.companyId, (tx) =>
      insertDraft(tx, auth, actor, shipmentId, input.kind, [
        input.language,
        auth.company.preferedLanguage,
        'en',
      ]),
    );
  };

  /** The next version of a void document: a draft of the same kind, in its template's language. */
  const newVersion = (auth: TAuthContext, actor: TAuditActor, shipmentId: string, id: string) =>
    withTenant(db, auth.companyId, async (tx) => {
      const row = await findRow(tx, auth, shipmentId, id);
      const kind = row.kind as TShipmentDocumentKind;
      assertMayShow(auth, kind);
      if (row.status !== 'VOID')
        throw new AppError('CONFLICT', shipmentDocumentMessages.newVersionNeedsFinal);
      return insertDraft(tx, auth, actor, shipmentId, kind, [row.templateLanguage]);
    });

  /** The template's current text filled with the shipment as it is now, on the pool. */
  const fill = async (auth: TAuthContext, shipmentId: string, id: string) => {
    const read = await withTenantRead(db, auth.companyId, async (tx) => {
      const shipment = await findShipment(tx, auth, shipmentId);
      const row = await findRow(tx, auth, shipmentId, id);
      const kind = row.kind as TShipmentDocumentKind;
      assertMayShow(auth, kind);
      const template = await findDocumentTemplateText(tx, auth.companyId, row.templateId);
      if (!template) throw new AppError('CONFLICT', shipmentDocumentMessages.noTemplate);
      const contactIds = Object.values(shipment.parties).flatMap((party) =>
        party ? [party.organisation._id, ...(party.person ? [party.person._id] : [])] : [],
      );
      const contacts = await findDocumentParties(tx, auth.companyId, contactIds);
      const charges = shipmentDocumentKinds[kind].showsCharges
        ? await readShipmentCharges(tx, auth.companyId, shipmentId)
        : null;
      return { shipment, row, kind, template, parties: partyCopiesOf(shipment, contacts), charges };
    });
    const locale = localeOf(auth, read.template.language);
    const filled = await templates.fillParts(auth, {
      parts: [{ source: read.template.body, format: 'html' }],
      data: documentDataOf({ auth, ...read, timeZone: locale.timeZone }),
      locale,
    });
    if ('missing' in filled)
      throw new AppError('VALIDATION_FAILED', shipmentDocumentMessages.missingData(filled.missing), {
        missing: filled.missing,
      });
    return { ...read, html: filled.outputs[0] ?? '' };
  };

  /** A draft's live preview; an issued document is its stored PDF instead. */
  const preview = async (auth: TAuthContext, shipmentId: string, id: string) => {
    const { row, html } = await fill(auth, shipmentId, id);
    if (row.status !== 'DRAFT' && row.status !== 'APPROVED')
      throw new AppError('CONFLICT', shipmentDocumentMessages.issueRendersOnce);
    return { html };
  };

  /**
   * Issue: print once, store the file, then one transaction that checks the document is still
   * approved, records the file and its hash, and copies the parties. A refused transaction takes
   * the stored file away again, so nothing half-written stays.
   */
  const issue = async (auth: TAuthContext, actor: TAuditActor, shipmentId: string, id: string) => {
    const { row, html, template, parties, shipment } = await fill(auth, shipmentId, id);
    refuseMove(row, 'ISSUED');
    const verdict = await pdfRendersPerCompany.consume(auth.companyId);
    if (!verdict.isAllowed)
      throw new AppError('RATE_LIMITED', tooManyPdfs, { retryAfterSeconds: verdict.retryAfterSeconds });
    const bytes = await pdf.render(html, template.page ?? defaultTemplatePage, { companyId: auth.companyId });
    const { label } = shipmentDocumentKinds[row.kind as TShipmentDocumentKind];
    const file = await storeMadeFile(drive, auth, actor, {
      fileName: `${label} ${shipment.reference} v${row.version}.pdf`,
      bytes,
      keptFor: issuedDocumentFiles,
    });
    try {
      return await withTenant(db, auth.companyId, async (tx) => {
        const locked = await findRow(tx, auth, shipmentId, id, true);
        refuseMove(locked, 'ISSUED');
        const now = new Date();
        const issued = await repository.updateDocument(tx, auth.companyId, id, {
          status: 'ISSUED',
          templateVersionId: template.versionId,
          templateVersionNumber: template.versionNumber,
          fileId: file._id,
          fileName: file.name,
          fileSize: file.size,
          fileSha256: file.sha256,
          issuedAt: now,
          issuedBy: auth.userId,
          issuedByEmail: auth.user.email,
        });
        if (!issued) throw new AppError('NOT_FOUND', shipmentDocumentMessages.notFound);
        for (const [role, copy] of parties)
          await repository.writePartyCopy(tx, { companyId: auth.companyId, shipmentId, role }, copy, now);
        await auditTrails.shipment(tx, actor, 'update', shipmentId, {
          before: audited(locked),
          after: { ...audited(issued), partiesCopied: [...parties.keys()] },
        });
        return toView(issued);
      });
    } catch (error) {
      await discardMadeFile(drive, auth, actor, file._id).catch(() => undefined);
      throw error;
    }
  };

  /** Every move but issue: approve, back to draft, the surrender moves, void. */
  const move = async (
    auth: TAuthContext,
    actor: TAuditActor,
    shipmentId: string,
    id: string,
    to: TTransportDocumentStatus,
  ) => {
    if (to === 'ISSUED') return issue(auth, actor, shipmentId, id);
    return withTenant(db, auth.companyId, async (tx) => {
      await findShipment(tx, auth, shipmentId);
      const before = await findRow(tx, auth, shipmentId, id, true);
      assertMayShow(auth, before.kind as TShipmentDocumentKind);
      refuseMove(before, to);
      const now = new Date();
      const stamp =
        to === 'APPROVED'
          ? { approvedAt: now, approvedBy: auth.userId, approvedByEmail: auth.user.email }
          : to === 'VOID'
            ? { voidedAt: now, voidedBy: auth.userId, voidedByEmail: auth.user.email }
            : to === 'DRAFT'
              ? { approvedAt: null, approvedBy: null, approvedByEmail: null }
              : {};
      const after = await repository.updateDocument(tx, auth.companyId, id, { status: to, ...stamp });
      if (!after) throw new AppError('NOT_FOUND', shipmentDocumentMessages.notFound);
      await auditTrails.shipment(tx, actor, 'update', shipmentId, {
        before: audited(before),
        after: audited(after),
      });
      return toView(after);
    });
  };

  /** The issued PDF, as stored: a re-print never renders again. */
  const download = async (auth: TAuthContext, shipmentId: string, id: string) => {
    const row = await withTenantRead(db, auth.companyId, async (tx) => {
      await findShipment(tx, auth, shipmentId);
      return findRow(tx, auth, shipmentId, id);
    });
    assertMayShow(auth, row.kind as TShipmentDocumentKind);
    if (!row.fileId) throw new AppError('CONFLICT', shipmentDocumentMessages.notIssued);
    return openCompanyFile(drive, auth, row.fileId);
  };

  /**
   * Mails the issued PDF by reference to the parties' current addresses in one action, and records
   * the send on the shipment's history in the transaction that queues the mail.
   */
  const send = async (
    auth: TAuthContext,
    actor: TAuditActor,
    shipmentId: string,
    id: string,
    input: TShipmentDocumentSend,
  ): Promise<TShipmentDocumentSent> => {
    const { row, shipment, to } = await withTenantRead(db, auth.companyId, async (tx) => {
      const shipment = await findShipment(tx, auth, shipmentId);
      const row = await findRow(tx, auth, shipmentId, id);
      const kind = row.kind as TShipmentDocumentKind;
      assertMayShow(auth, kind);
      if (!row.fileId || row.status === 'VOID')
        throw new AppError('CONFLICT', shipmentDocumentMessages.notSendable);
      const to = (await addressesOf(tx, auth, shipment))(input.roles ?? sendsTo[kind]);
      return { row, shipment, to };
    });
    if (to.length === 0)
      throw new AppError('VALIDATION_FAILED', `Invalid body: roles ${shipmentDocumentMessages.noAddress}`, {
        fields: [{ field: 'roles', message: shipmentDocumentMessages.noAddress }],
      });
    const { label } = shipmentDocumentKinds[row.kind as TShipmentDocumentKind];
    const subject = `${label} ${shipment.reference}`;
    const sent = await mail.send(
      { auth, actor },
      {
        to,
        cc: [],
        bcc: [],
        subject,
        html: `<p>Please find attached the ${label.toLowerCase()} for shipment ${shipment.reference}.</p>`,
        attachmentFileIds: [row.fileId as string],
        templateVersionIds: [],
      },
      {
        onQueued: (tx, mailId) =>
          auditTrails.shipment(tx, actor, 'update', shipmentId, {
            after: { documentSent: { ...audited(row).document, mailId, to, subject } },
          }),
      },
    );
    return { mailId: sent._id, to };
  };

  return { list, get, create, newVersion, preview, move, download, send };
};
