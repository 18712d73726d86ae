import {
  dcsaEquipmentEventCodes,
  dcsaShipmentEventCodes,
  dcsaTransportEventCodes,
  type TDcsaEventClassifier,
  type TDcsaEventType,
} from './dcsa-events.ts';
import { iataStatuses } from './iata-status.ts';

// A shipment's milestones (docs/decisions/048-shipment-events.md): which event codes a sea or an
// air shipment takes, which are about one container, the steps its timeline shows, and the
// operational status the actual events reach. The server's TypeScript and its SQL both read these
// tables, so the rule is written once.

/** Where an event code comes from: DCSA Track & Trace's three types by sea, IATA's status codes by air. */
export type TMilestoneEventType = TDcsaEventType | 'AIR';

export type TMilestoneCode = {
  code: string;
  label: string;
  eventType: TMilestoneEventType;
  mode: 'sea' | 'air';
};

const seaCodes: TMilestoneCode[] = [
  ...Object.entries(dcsaTransportEventCodes).map(([code, label]) => ({
    code,
    label,
    eventType: 'TRANSPORT' as const,
    mode: 'sea' as const,
  })),
  ...Object.entries(dcsaEquipmentEventCodes).map(([code, { label }]) => ({
    code,
    label,
    eventType: 'EQUIPMENT' as const,
    mode: 'sea' as const,
  })),
  ...Object.entries(dcsaShipmentEventCodes).map(([code, label]) => ({
    code,
    label,
    eventType: 'SHIPMENT' as const,
    mode: 'sea' as const,
  })),
];

const airCodes: TMilestoneCode[] = Object.entries(iataStatuses).map(([code, { label }]) => ({
  code,
  label,
  eventType: 'AIR' as const,
  mode: 'air' as const,
}));

/** Every code an event may carry; DCSA's are four letters and IATA's three, so a code names its type. */
export const milestoneCodes: ReadonlyMap<string, TMilestoneCode> = new Map(
  [...seaCodes, ...airCodes].map((entry) => [entry.code, entry]),
);

export const milestoneCodesOfMode = (mode: 'sea' | 'air'): TMilestoneCode[] =>
  [...milestoneCodes.values()].filter((entry) => entry.mode === mode);

export const milestoneCodeOf = (code: string): TMilestoneCode | undefined => milestoneCodes.get(code);

/** An equipment event is about one container, as DCSA's `equipmentReference` is. */
export const isEquipmentCode = (code: string) => milestoneCodes.get(code)?.eventType === 'EQUIPMENT';

/** A shipment event (a booking's or a document's) happens at no port: its place is optional. */
export const isPlaceOptional = (code: string) => milestoneCodes.get(code)?.eventType === 'SHIPMENT';

export const milestoneClassifiers = ['PLN', 'EST', 'ACT'] as const satisfies readonly TDcsaEventClassifier[];
export type TMilestoneClassifier = (typeof milestoneClassifiers)[number];
export const milestoneClassifierLabels: Record<TMilestoneClassifier, string> = {
  PLN: 'Planned',
  EST: 'Estimated',
  ACT: 'Actual',
};

/**
 * The steps of a journey, in order: the status each reaches once it actually happened. The place a
 * step happens at is one of the shipment's four places (the timeline offers it when recording).
 */
export const progressStatuses = [
  'draft',
  'booked',
  'received',
  'loaded',
  'departed',
  'arrived',
  'discharged',
  'available',
  'delivered',
] as const;
export type TProgressStatus = (typeof progressStatuses)[number];

export type TMilestonePlace = 'placeOfReceipt' | 'portOfLoading' | 'portOfDischarge' | 'placeOfDelivery';

export type TMilestoneStep = {
  status: Exclude<TProgressStatus, 'draft'>;
  code: string;
  place: TMilestonePlace | null;
};

/**
 * Each mode's steps and the code that marks each. By sea: the booking confirmed (CONF), the full
 * container gated in at the port of loading (GTIN), loaded (LOAD), the vessel's departure (DEPA)
 * and arrival (ARRI), discharged (DISC), available for pick-up (AVPU), and stripped at the
 * consignee (STRP), DCSA's nearest to a delivery. By air, IATA's own: BKD, RCS, MAN, DEP, ARR,
 * RCF, NFD, DLV.
 */
export const milestoneSteps: Record<'sea' | 'air', TMilestoneStep[]> = {
  sea: [
    { status: 'booked', code: 'CONF', place: null },
    { status: 'received', code: 'GTIN', place: 'portOfLoading' },
    { status: 'loaded', code: 'LOAD', place: 'portOfLoading' },
    { status: 'departed', code: 'DEPA', place: 'portOfLoading' },
    { status: 'arrived', code: 'ARRI', place: 'portOfDischarge' },
    { status: 'discharged', code: 'DISC', place: 'portOfDischarge' },
    { status: 'available', code: 'AVPU', place: 'portOfDischarge' },
    { status: 'delivered', code: 'STRP', place: 'placeOfDelivery' },
  ],
  air: [
    { status: 'booked', code: 'BKD', place: 'portOfLoading' },
    { status: 'received', code: 'RCS', place: 'portOfLoading' },
    { status: 'loaded', code: 'MAN', place: 'portOfLoading' },
    { status: 'departed', code: 'DEP', place: 'portOfLoading' },
    { status: 'arrived', code: 'ARR', place: 'portOfDischarge' },
    { status: 'discharged', code: 'RCF', place: 'portOfDischarge' },
    { status: 'available', code: 'NFD', place: 'portOfDischarge' },
    { status: 'delivered', code: 'DLV', place: 'portOfDischarge' },
  ],
};

/** The codes that reach a status, both modes (DDL, delivered to the door, is a delivery too). */
export const progressStatusOfCode: ReadonlyMap<string, TProgressStatus> = new Map([
  ...[...milestoneSteps.sea, ...milestoneSteps.air].map((step) => [step.code, step.status] as const),
  ['DDL', 'delivered'],
]);

export const progressRank = (status: TProgressStatus) => progressStatuses.indexOf(status);

/** DCSA's shipment events that put a shipment on hold and release it. */
export const holdCodes = { hold: 'HOLD', release: 'RELS' } as const;

/**
 * What a shipment's actual, unretracted events say: the furthest step they reach (an event
 * recorded late never moves the status back), and whether its latest hold or release is a hold.
 */
export type TMilestoneFacts = { furthest: TProgressStatus | null; isOnHold: boolean };

export const milestoneFactsOf = (
  actualEvents: readonly { code: string; eventAt: Date | string }[],
): TMilestoneFacts => {
  let furthest: TProgressStatus | null = null;
  let lastHold: { code: string; at: number } | null = null;
  for (const event of actualEvents) {
    const status = progressStatusOfCode.get(event.code);
    if (status && (furthest === null || progressRank(status) > progressRank(furthest))) furthest = status;
    if (event.code === holdCodes.hold || event.code === holdCodes.release) {
      const at = new Date(event.eventAt).getTime();
      // At the same moment a release wins: the hold was lifted.
      if (!lastHold || at > lastHold.at || (at === lastHold.at && event.code === holdCodes.release))
        lastHold = { code: event.code, at };
    }
  }
  return { furthest, isOnHold: lastHold?.code === holdCodes.hold };
};
