import type { TEventRow } from './repository.ts';

// Our sea events in DCSA Track & Trace 2.2's JSON shape (its Event domain's transportEvent,
// equipmentEvent and shipmentEvent), for the events API and the webhooks' body
// (docs/decisions/052-webhooks.md). A retraction carries 3.0's `retractedEventID`, since 2.2 has none.

export type TDcsaEvent = Record<string, unknown> & {
  eventID: string;
  eventType: 'TRANSPORT' | 'EQUIPMENT' | 'SHIPMENT';
};

/** What the shape needs of the shipment the event belongs to. */
export type TDcsaShipmentFacts = {
  id: string;
  reference: string;
  vesselName: string | null;
  vesselImo: string | null;
  voyageNumber: string | null;
  billOfLadingNumber: string | null;
};

/** Shipment event codes about the transport document; the others are the booking's. */
const transportDocumentCodes = new Set(['DRFT', 'PENA', 'APPR', 'ISSU', 'SURR', 'VOID', 'SUBM']);

const documentReferencesOf = (shipment: TDcsaShipmentFacts) => [
  { documentReferenceType: 'BKG', documentReferenceValue: shipment.reference },
  ...(shipment.billOfLadingNumber
    ? [{ documentReferenceType: 'TRD', documentReferenceValue: shipment.billOfLadingNumber }]
    : []),
];

const transportCallOf = (row: TEventRow, shipment: TDcsaShipmentFacts) => ({
  // One call of the shipment's vessel at the place: our own id for it, as DCSA leaves that to the publisher.
  transportCallID: `${shipment.id}:${row.location ?? ''}`,
  UNLocationCode: row.location,
  modeOfTransport: 'VESSEL',
  ...(shipment.voyageNumber ? { exportVoyageNumber: shipment.voyageNumber } : {}),
  ...(shipment.vesselName || shipment.vesselImo
    ? {
        vessel: {
          ...(shipment.vesselImo ? { vesselIMONumber: shipment.vesselImo.replace(/^IMO/i, '') } : {}),
          ...(shipment.vesselName ? { vesselName: shipment.vesselName } : {}),
        },
      }
    : {}),
});

/** A sea event in DCSA's shape; an air event (IATA codes) has none and answers undefined. */
export const dcsaEventOf = (
  row: TEventRow,
  shipment: TDcsaShipmentFacts,
  locationName: string | null,
): TDcsaEvent | undefined => {
  if (row.eventType !== 'TRANSPORT' && row.eventType !== 'EQUIPMENT' && row.eventType !== 'SHIPMENT')
    return undefined;
  const common = {
    eventID: row.id,
    eventType: row.eventType,
    eventClassifierCode: row.classifier,
    eventDateTime: row.eventAt.toISOString(),
    eventCreatedDateTime: row.recordedAt.toISOString(),
    references: [{ referenceType: 'FF', referenceValue: shipment.reference }],
    documentReferences: documentReferencesOf(shipment),
    ...(row.retractsEventId ? { retractedEventID: row.retractsEventId } : {}),
  };
  if (row.eventType === 'TRANSPORT')
    return {
      ...common,
      eventType: 'TRANSPORT',
      transportEventTypeCode: row.eventCode,
      ...(row.note ? { changeRemark: row.note } : {}),
      transportCall: transportCallOf(row, shipment),
    };
  if (row.eventType === 'EQUIPMENT')
    return {
      ...common,
      eventType: 'EQUIPMENT',
      equipmentEventTypeCode: row.eventCode,
      equipmentReference: row.containerNumber,
      // A forwarder's containers in a shipment carry its cargo.
      emptyIndicatorCode: 'LADEN',
      ...(row.location ? { eventLocation: { locationName, UNLocationCode: row.location } } : {}),
      transportCall: transportCallOf(row, shipment),
    };
  const isTransportDocument = transportDocumentCodes.has(row.eventCode);
  return {
    ...common,
    eventType: 'SHIPMENT',
    shipmentEventTypeCode: row.eventCode,
    documentTypeCode: isTransportDocument ? 'TRD' : 'BKG',
    documentID: isTransportDocument
      ? (shipment.billOfLadingNumber ?? shipment.reference)
      : shipment.reference,
    ...(row.note ? { reason: row.note } : {}),
    ...(row.location ? { eventLocation: { locationName, UNLocationCode: row.location } } : {}),
  };
};
