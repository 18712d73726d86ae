// Transport documents after DCSA eBL 3.0: the statuses a document moves through and only the moves
// the standard's conformance scenarios make. A negotiable bill (the house bill of lading) is
// surrendered before it is voided, since its holder has it; a waybill, an air waybill and the
// notices are non-negotiable and are voided as they are (docs/decisions/049-shipment-documents.md).

export const transportDocumentStatuses = [
  'DRAFT',
  'APPROVED',
  'ISSUED',
  'PENDING_SURRENDER_FOR_AMENDMENT',
  'SURRENDER_FOR_AMENDMENT',
  'PENDING_SURRENDER_FOR_DELIVERY',
  'SURRENDER_FOR_DELIVERY',
  'VOID',
] as const;
export type TTransportDocumentStatus = (typeof transportDocumentStatuses)[number];

export const transportDocumentStatusLabels: Record<TTransportDocumentStatus, string> = {
  DRAFT: 'Draft',
  APPROVED: 'Approved',
  ISSUED: 'Issued',
  PENDING_SURRENDER_FOR_AMENDMENT: 'Pending surrender for amendment',
  SURRENDER_FOR_AMENDMENT: 'Surrendered for amendment',
  PENDING_SURRENDER_FOR_DELIVERY: 'Pending surrender for delivery',
  SURRENDER_FOR_DELIVERY: 'Surrendered for delivery',
  VOID: 'Void',
};

/**
 * The documents a shipment prints. `dcsaType` is eBL's document type where eBL has one (BOL, SWB);
 * `isNegotiable` decides whether voiding needs a surrender first; `showsCharges` whether its data
 * carries the shipment's sell charges (so it needs charges:read, decision 043); `modes` where it
 * applies.
 */
export const shipmentDocumentKinds = {
  'house-bill-of-lading': {
    label: 'House bill of lading',
    dcsaType: 'BOL',
    isNegotiable: true,
    showsCharges: false,
    modes: ['sea'],
  },
  'sea-waybill': {
    label: 'Sea waybill',
    dcsaType: 'SWB',
    isNegotiable: false,
    showsCharges: false,
    modes: ['sea'],
  },
  'house-air-waybill': {
    label: 'House air waybill',
    dcsaType: null,
    isNegotiable: false,
    showsCharges: false,
    modes: ['air'],
  },
  'booking-confirmation': {
    label: 'Booking confirmation',
    dcsaType: null,
    isNegotiable: false,
    showsCharges: false,
    modes: ['sea', 'air'],
  },
  'arrival-notice': {
    label: 'Arrival notice',
    dcsaType: null,
    isNegotiable: false,
    showsCharges: true,
    modes: ['sea', 'air'],
  },
} as const satisfies Record<
  string,
  {
    label: string;
    dcsaType: 'BOL' | 'SWB' | null;
    isNegotiable: boolean;
    showsCharges: boolean;
    modes: readonly ('sea' | 'air')[];
  }
>;
export type TShipmentDocumentKind = keyof typeof shipmentDocumentKinds;
export const shipmentDocumentKindList = Object.keys(shipmentDocumentKinds) as [
  TShipmentDocumentKind,
  ...TShipmentDocumentKind[],
];

export type TTransportDocumentTransition = {
  from: TTransportDocumentStatus;
  to: TTransportDocumentStatus;
  /** What happens, in a forwarder's words (the button's label). */
  action: string;
  /** Only for a negotiable bill (surrender moves), or only for one that is not (a direct void). */
  only?: 'negotiable' | 'non-negotiable';
};

export const transportDocumentTransitions: readonly TTransportDocumentTransition[] = [
  { from: 'DRAFT', to: 'APPROVED', action: 'Approve' },
  // An approved draft that needs a change goes back to draft before it is issued.
  { from: 'APPROVED', to: 'DRAFT', action: 'Back to draft' },
  { from: 'APPROVED', to: 'ISSUED', action: 'Issue' },
  { from: 'ISSUED', to: 'VOID', action: 'Void', only: 'non-negotiable' },
  {
    from: 'ISSUED',
    to: 'PENDING_SURRENDER_FOR_AMENDMENT',
    action: 'Request surrender for amendment',
    only: 'negotiable',
  },
  {
    from: 'ISSUED',
    to: 'PENDING_SURRENDER_FOR_DELIVERY',
    action: 'Request surrender for delivery',
    only: 'negotiable',
  },
  // A surrender the issuer refuses leaves the bill with its holder, issued.
  { from: 'PENDING_SURRENDER_FOR_AMENDMENT', to: 'ISSUED', action: 'Refuse the surrender' },
  { from: 'PENDING_SURRENDER_FOR_AMENDMENT', to: 'SURRENDER_FOR_AMENDMENT', action: 'Accept the surrender' },
  { from: 'PENDING_SURRENDER_FOR_DELIVERY', to: 'ISSUED', action: 'Refuse the surrender' },
  { from: 'PENDING_SURRENDER_FOR_DELIVERY', to: 'SURRENDER_FOR_DELIVERY', action: 'Accept the surrender' },
  // Surrendered for amendment, the old bill is voided and a new version issued in its place.
  { from: 'SURRENDER_FOR_AMENDMENT', to: 'VOID', action: 'Void' },
];

const appliesTo = (transition: TTransportDocumentTransition, kind: TShipmentDocumentKind) =>
  !transition.only || (transition.only === 'negotiable') === shipmentDocumentKinds[kind].isNegotiable;

/** The moves a document of `kind` in `from` can make. */
export const transportDocumentTransitionsFrom = (
  kind: TShipmentDocumentKind,
  from: TTransportDocumentStatus,
): TTransportDocumentTransition[] =>
  transportDocumentTransitions.filter(
    (transition) => transition.from === from && appliesTo(transition, kind),
  );

export const canMoveTransportDocument = (
  kind: TShipmentDocumentKind,
  from: TTransportDocumentStatus,
  to: TTransportDocumentStatus,
) => transportDocumentTransitionsFrom(kind, from).some((transition) => transition.to === to);

/** Statuses a document never leaves, and whose kind may then start a new version. */
export const finalTransportDocumentStatuses: readonly TTransportDocumentStatus[] = [
  'VOID',
  'SURRENDER_FOR_DELIVERY',
];

/** Statuses after issue: the stored PDF is the document, and nothing renders it again. */
export const issuedTransportDocumentStatuses: readonly TTransportDocumentStatus[] = [
  'ISSUED',
  'PENDING_SURRENDER_FOR_AMENDMENT',
  'SURRENDER_FOR_AMENDMENT',
  'PENDING_SURRENDER_FOR_DELIVERY',
  'SURRENDER_FOR_DELIVERY',
  'VOID',
];

/**
 * Why a document cannot move, naming the moves it can make ("A void document cannot be approved;
 * a void document is final"); undefined when it can.
 */
export const transportDocumentMoveRefusal = (
  kind: TShipmentDocumentKind,
  from: TTransportDocumentStatus,
  to: TTransportDocumentStatus,
): string | undefined => {
  if (canMoveTransportDocument(kind, from, to)) return undefined;
  const label = (status: TTransportDocumentStatus) => transportDocumentStatusLabels[status].toLowerCase();
  if (from === to) return `The document is already ${label(from)}`;
  const subject = `A document ${label(from)}`;
  const refusal = `${subject} cannot be moved to ${label(to)}`;
  const moves = transportDocumentTransitionsFrom(kind, from).map((move) => label(move.to));
  if (moves.length === 0) return `${refusal}; it is final`;
  return `${refusal}; it can move to ${moves.join(' or ')}`;
};
