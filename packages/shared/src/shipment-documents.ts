import { z } from 'zod';
import {
  shipmentDocumentKindList,
  type TShipmentDocumentKind,
  transportDocumentStatuses,
} from './freight/transport-documents.ts';
import { ZPageQuery } from './lists.ts';
import { shipmentPartyRoles } from './shipments.ts';

// A shipment's transport documents (freightserver /shipments/:id/documents, decision 049): drafts
// filled live from the shipment, issued once to a stored PDF with its SHA-256.

const ZId = z.uuid({ error: 'must be an id' });
const languageTag = z
  .string()
  .trim()
  .regex(/^[a-z]{2,3}(-[A-Z][a-zA-Z]{1,3}|-\d{3})?$/, 'must be a language tag such as en, de or pt-BR');

export const ZShipmentDocumentParams = z.object({ id: ZId, documentId: ZId }).strict();

/** POST /shipments/:id/documents: a draft of a kind, in a language of its template (else the company's). */
export const ZShipmentDocumentCreate = z
  .object({ kind: z.enum(shipmentDocumentKindList), language: languageTag.optional() })
  .strict();
export type TShipmentDocumentCreate = z.input<typeof ZShipmentDocumentCreate>;

/** POST /shipments/:id/documents/:documentId/status: a move eBL allows (ISSUED prints the PDF). */
export const ZShipmentDocumentMove = z.object({ status: z.enum(transportDocumentStatuses) }).strict();
export type TShipmentDocumentMove = z.input<typeof ZShipmentDocumentMove>;

/**
 * POST /shipments/:id/documents/:documentId/send: the issued PDF mailed, by reference, to the
 * parties in these roles at their contacts' addresses; an arrival notice goes to the consignee and
 * the notify party unless told otherwise.
 */
export const ZShipmentDocumentSend = z
  .object({ roles: z.array(z.enum(shipmentPartyRoles)).min(1).max(shipmentPartyRoles.length).optional() })
  .strict();
export type TShipmentDocumentSend = z.input<typeof ZShipmentDocumentSend>;

export const ZShipmentDocumentSent = z.object({ mailId: z.string(), to: z.array(z.string()) });
export type TShipmentDocumentSent = z.infer<typeof ZShipmentDocumentSent>;

export const ZShipmentDocumentListQuery = ZPageQuery.omit({ q: true, sort: true })
  .extend({ kind: z.enum(shipmentDocumentKindList).optional() })
  .strict();
export type TShipmentDocumentListQuery = z.infer<typeof ZShipmentDocumentListQuery>;

const ZWho = z.object({ userId: z.string().nullable(), email: z.string().nullable(), at: z.string() });

export const ZShipmentDocument = z.object({
  _id: z.string(),
  shipmentId: z.string(),
  kind: z.enum(shipmentDocumentKindList),
  /** 1 for the first of its kind on the shipment; a new version follows a void. */
  version: z.number().int(),
  status: z.enum(transportDocumentStatuses),
  /** The moves eBL allows from here, for this kind. */
  moves: z.array(z.enum(transportDocumentStatuses)),
  template: z.object({
    _id: z.string(),
    name: z.string(),
    language: z.string(),
    /** The version printed; null until issued (a draft previews the current one). */
    versionNumber: z.number().int().nullable(),
  }),
  /** The stored PDF, from issue on: a re-print is this file, never a new render. */
  file: z
    .object({ _id: z.string(), name: z.string(), size: z.number().int(), sha256: z.string() })
    .nullable(),
  /**
   * The addresses a send mails to now: its parties' e-mails in the contacts, which the composer
   * pre-fills too. Filled by the list and a read; a write's answer leaves it empty.
   */
  sendTo: z.array(z.string()),
  created: ZWho,
  approved: ZWho.nullable(),
  issued: ZWho.nullable(),
  voided: ZWho.nullable(),
  updatedAt: z.string(),
});
export type TShipmentDocument = z.infer<typeof ZShipmentDocument>;

/** GET …/preview: the draft filled with the shipment as it is now. */
export const ZShipmentDocumentPreview = z.object({ html: z.string() });
export type TShipmentDocumentPreview = z.infer<typeof ZShipmentDocumentPreview>;

export const shipmentDocumentMessages = {
  notFound: 'No such document on this shipment',
  notForMode: (kind: TShipmentDocumentKind, mode: string) =>
    `A ${kind.replaceAll('-', ' ')} is not made for a ${mode} shipment`,
  alreadyOpen: (label: string, version: number, status: string) =>
    `This shipment already has a ${label.toLowerCase()} (version ${version}, ${status.toLowerCase()}): void it before making a new version`,
  newVersionNeedsFinal: 'Only a void document gets a new version',
  noTemplate: 'Your company has no active document template for this kind: add one under Templates',
  notIssued: 'The document has no PDF until it is issued',
  issueRendersOnce: 'Issue prints the PDF once, from an approved draft',
  notSendable: 'Only an issued document is sent: issue it first',
  noAddress: 'None of these parties has an e-mail address in your contacts',
  missingData: (names: string[]) =>
    `The template uses ${names.join(', ')}, which this shipment has no value for. Edit the template or the shipment.`,
} as const;
