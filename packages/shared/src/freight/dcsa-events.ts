// DCSA Track & Trace event vocabulary (2.2, with the equipment codes 3.0 adds marked as such):
// three event types, their event codes, and the classifier every event time carries.

export const dcsaEventTypes = {
  SHIPMENT: 'Shipment',
  TRANSPORT: 'Transport',
  EQUIPMENT: 'Equipment',
} as const;
export type TDcsaEventType = keyof typeof dcsaEventTypes;

export const dcsaEventClassifiers = {
  PLN: 'Planned',
  EST: 'Estimated',
  ACT: 'Actual',
} as const;
export type TDcsaEventClassifier = keyof typeof dcsaEventClassifiers;

export const dcsaTransportEventCodes = {
  ARRI: 'Arrived',
  DEPA: 'Departed',
} as const;
export type TDcsaTransportEventCode = keyof typeof dcsaTransportEventCodes;

export const dcsaEquipmentEventCodes = {
  LOAD: { label: 'Loaded', since: '2.2' },
  DISC: { label: 'Discharged', since: '2.2' },
  GTIN: { label: 'Gated in', since: '2.2' },
  GTOT: { label: 'Gated out', since: '2.2' },
  STUF: { label: 'Stuffed', since: '2.2' },
  STRP: { label: 'Stripped', since: '2.2' },
  PICK: { label: 'Picked up', since: '2.2' },
  DROP: { label: 'Dropped off', since: '2.2' },
  INSP: { label: 'Inspected', since: '2.2' },
  RSEA: { label: 'Resealed', since: '2.2' },
  RMVD: { label: 'Removed', since: '2.2' },
  AVPU: { label: 'Available for pick-up', since: '3.0' },
  AVDO: { label: 'Available for drop-off', since: '3.0' },
  CUSS: { label: 'Selected by customs for scan', since: '3.0' },
  CUSI: { label: 'Selected by customs for inspection', since: '3.0' },
  CUSR: { label: 'Released by customs', since: '3.0' },
  CROS: { label: 'Crossed a border', since: '3.0' },
} as const satisfies Record<string, { label: string; since: '2.2' | '3.0' }>;
export type TDcsaEquipmentEventCode = keyof typeof dcsaEquipmentEventCodes;

export const dcsaShipmentEventCodes = {
  RECE: 'Received',
  DRFT: 'Drafted',
  PENA: 'Pending approval',
  PENU: 'Pending update',
  PENC: 'Pending confirmation',
  REJE: 'Rejected',
  APPR: 'Approved',
  ISSU: 'Issued',
  SURR: 'Surrendered',
  SUBM: 'Submitted',
  VOID: 'Void',
  CONF: 'Confirmed',
  DECL: 'Declined',
  CANC: 'Cancelled',
  CMPL: 'Completed',
  REQS: 'Requested',
  HOLD: 'On hold',
  RELS: 'Released',
} as const;
export type TDcsaShipmentEventCode = keyof typeof dcsaShipmentEventCodes;

/** The label of an event code of any type (`GTOT` → "Gated out"); undefined for an unknown code. */
export const dcsaEventLabel = (eventType: TDcsaEventType, code: string): string | undefined => {
  if (eventType === 'TRANSPORT' && Object.hasOwn(dcsaTransportEventCodes, code))
    return dcsaTransportEventCodes[code as TDcsaTransportEventCode];
  if (eventType === 'EQUIPMENT' && Object.hasOwn(dcsaEquipmentEventCodes, code))
    return dcsaEquipmentEventCodes[code as TDcsaEquipmentEventCode].label;
  if (eventType === 'SHIPMENT' && Object.hasOwn(dcsaShipmentEventCodes, code))
    return dcsaShipmentEventCodes[code as TDcsaShipmentEventCode];
  return undefined;
};
