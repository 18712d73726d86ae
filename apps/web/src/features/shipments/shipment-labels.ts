import {
  incotermRules,
  incoterms,
  isIncotermAllowed,
  loadTypesOfMode,
  type TBookingStatus,
  type TIncotermRule,
  type TOperationalStatus,
  type TPortEntry,
  type TPortKind,
  type TShipmentDirection,
  type TShipmentLoadType,
  type TShipmentMode,
  type TShipmentPartyRole,
} from '@cargodesk/shared';

// The words a forwarder reads for a shipment's codes, and the small rules the screens share.

export const modeLabels: Record<TShipmentMode, string> = { sea: 'Sea', air: 'Air', road: 'Road' };

export const directionLabels: Record<TShipmentDirection, string> = {
  export: 'Export',
  import: 'Import',
  'cross-trade': 'Cross-trade',
};

export const loadTypeLabels: Record<TShipmentLoadType, string> = {
  fcl: 'Full container (FCL)',
  lcl: 'Shared container (LCL)',
  'break-bulk': 'Break bulk',
  loose: 'Loose cargo',
  uld: 'Unit load device (ULD)',
};

export const operationalStatusLabels: Record<TOperationalStatus, string> = {
  draft: 'Draft',
  booked: 'Booked',
  received: 'Received',
  loaded: 'Loaded',
  departed: 'Departed',
  arrived: 'Arrived',
  discharged: 'Discharged',
  available: 'Available',
  delivered: 'Delivered',
  'on-hold': 'On hold',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const partyRoleLabels: Record<TShipmentPartyRole, string> = {
  customer: 'Customer (bill-to)',
  shipper: 'Shipper',
  consignee: 'Consignee',
  notifyParty: 'Notify party',
  originAgent: 'Origin agent',
  destinationAgent: 'Destination agent',
  carrier: 'Carrier',
};

/**
 * The tag colour of a booking status: settled green, refused red, waiting purple, new blue. The
 * theme's 'success' green, not antd's preset one, and no gold: both fall below AA contrast on their tints.
 */
export const bookingStatusColor = (status: TBookingStatus) =>
  ({
    RECEIVED: 'blue',
    PENDING_UPDATE: 'purple',
    UPDATE_RECEIVED: 'blue',
    CONFIRMED: 'success',
    PENDING_AMENDMENT: 'purple',
    REJECTED: 'red',
    DECLINED: 'red',
    CANCELLED: 'default',
    COMPLETED: 'success',
  })[status];

/** The load types a mode takes, as choices. */
export const loadTypeOptionsFor = (mode: TShipmentMode) =>
  loadTypesOfMode[mode].map((value) => ({ value, label: loadTypeLabels[value] }));

/** The Incoterms 2020 rules a mode allows (no FOB by air), each with its name. */
export const incotermOptionsFor = (mode: TShipmentMode) =>
  incotermRules
    .filter((rule) => isIncotermAllowed(rule, mode))
    .map((rule: TIncotermRule) => ({ value: rule, label: `${rule} – ${incoterms[rule].name}` }));

/** Ocean ports by sea, airports by air. */
export const placeKindOf = (mode: TShipmentMode): TPortKind => (mode === 'air' ? 'airport' : 'oceanport');

/** The code a shipment names a place by: the UN/LOCODE of a port, the IATA code of an airport. */
/**
 * A shipment's four places in route order, named for its mode; receipt and delivery may be a port
 * or an airport whatever the mode (a sea shipment may be picked up at an airport city).
 */
export const routingPlacesOf = (mode: TShipmentMode) =>
  [
    { field: 'placeOfReceipt', label: 'Place of receipt', isEitherKind: true },
    {
      field: 'portOfLoading',
      label: mode === 'air' ? 'Airport of departure' : 'Port of loading',
      isEitherKind: false,
    },
    {
      field: 'portOfDischarge',
      label: mode === 'air' ? 'Airport of destination' : 'Port of discharge',
      isEitherKind: false,
    },
    { field: 'placeOfDelivery', label: 'Place of delivery', isEitherKind: true },
  ] as const;

export const placeCodeOf = (entry: Pick<TPortEntry, 'kind' | 'code' | 'iataCode'>) =>
  entry.kind === 'airport' ? (entry.iataCode ?? entry.code) : entry.code;

/** Where a server refusal's field path lands on the shipment form (a party's organisation or person picker). */
export const formFieldOf = (path: string) => {
  const party = /^parties\.([a-zA-Z]+)\.(organisationId|personId)/.exec(path);
  if (!party) return path;
  return party[2] === 'personId' ? `${party[1]}PersonId` : `${party[1]}Id`;
};

/** A move that cannot be undone asks first: a rejected, declined, cancelled or completed booking is final. */
export const isFinalMove = (to: TBookingStatus) =>
  to === 'REJECTED' || to === 'DECLINED' || to === 'CANCELLED' || to === 'COMPLETED';
