// IATA air cargo status codes, as the status messages (FSU, XFSU) carry them for an air waybill
// and ONE Record maps them to status events. Lists and labels only; Freight II's milestones use them.

export const iataStatuses = {
  BKD: { label: 'Booked', description: 'The consignment is booked on a flight' },
  FOH: {
    label: 'Freight on hand',
    description: 'The carrier holds the goods, not yet accepted for carriage',
  },
  RCS: { label: 'Received from shipper', description: 'Accepted from the shipper, ready for carriage' },
  PRE: { label: 'Prepared for loading', description: 'Built up and planned on a flight' },
  MAN: { label: 'Manifested', description: 'On the flight manifest' },
  DEP: { label: 'Departed', description: 'Left on the flight' },
  ARR: { label: 'Arrived', description: 'The flight has arrived' },
  RCF: { label: 'Received from flight', description: 'Unloaded and checked in at the arrival airport' },
  TRM: { label: 'To be transferred', description: 'Waiting to be handed to another airline' },
  TFD: { label: 'Transferred', description: 'Handed to another airline' },
  RCT: { label: 'Received from another airline', description: 'Taken over from another airline' },
  NFD: {
    label: 'Consignee notified',
    description: 'The consignee or their agent is told the goods are ready',
  },
  AWD: {
    label: 'Documents delivered',
    description: 'The arrival documents are delivered to the consignee or agent',
  },
  CCD: { label: 'Cleared by customs', description: 'Customs have released the consignment' },
  DLV: { label: 'Delivered', description: 'Delivered to the consignee or their agent' },
  DDL: { label: 'Delivered to door', description: "Delivered at the consignee's door" },
  DIS: {
    label: 'Discrepancy',
    description: 'Pieces or weight differ from the air waybill, or goods are damaged',
  },
} as const satisfies Record<string, { label: string; description: string }>;
export type TIataStatusCode = keyof typeof iataStatuses;

export const iataStatusCodes = Object.keys(iataStatuses) as TIataStatusCode[];

export const isIataStatusCode = (value: string): value is TIataStatusCode =>
  Object.hasOwn(iataStatuses, value);
