import {
  shipmentDocumentKinds,
  type TShipment,
  type TShipmentCharges,
  type TShipmentDocumentKind,
  type TShipmentLocation,
  type TShipmentPartyRole,
  type TTemplateContact,
  type TTemplateMoney,
  type TTemplateParty,
} from '@cargodesk/shared';
import type { TAuthContext } from '../../../platform/auth/auth-context.ts';
import { listCountries } from '../../../platform/reference/reference-data.ts';
import { noTemplateContact } from '../../contacts/public.ts';

// What a shipment document's template is filled with (decision 049): the names of the purpose's
// sample data (packages/shared/src/templates.ts), each always present and empty when the shipment
// has no value, since templates are strict about names. Charges come only for a kind that shows
// them, and only the sell side: what the customer is asked to pay, never a cost or a margin.

/** A party as an issued document copies it: the organisation and, when the shipment names one, its person. */
export type TPartyCopy = { organisation: TTemplateContact; person: TTemplateContact | null };

/** Who each document is addressed to: the recipient its template greets. */
const addressee: Record<TShipmentDocumentKind, TShipmentPartyRole[]> = {
  'house-bill-of-lading': ['shipper', 'customer'],
  'sea-waybill': ['shipper', 'customer'],
  'house-air-waybill': ['shipper', 'customer'],
  'booking-confirmation': ['customer', 'shipper'],
  'arrival-notice': ['consignee', 'notifyParty', 'customer'],
};

let countryNames: Map<string, string> | undefined;
const countryNameOf = (code: string) => {
  countryNames ??= new Map(listCountries().map((country) => [country.code, country.name]));
  return countryNames.get(code) ?? code;
};

const placeOf = (place: TShipmentLocation | null) => ({
  code: place?.code ?? '',
  name: place?.name ?? '',
  country: place?.countryCode ? countryNameOf(place.countryCode) : '',
});

/** An instant as templates receive dates: the calendar day in the company's time zone. */
const dayOf = (instant: string | null, timeZone: string) =>
  instant
    ? new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(new Date(instant))
    : '';

/** The party copies of a shipment's roles, from the contacts' current details. */
export const partyCopiesOf = (shipment: TShipment, contacts: Map<string, TTemplateContact>) => {
  const copies = new Map<TShipmentPartyRole, TPartyCopy>();
  for (const [role, party] of Object.entries(shipment.parties) as [
    TShipmentPartyRole,
    TShipment['parties'][TShipmentPartyRole],
  ][]) {
    if (!party) continue;
    const organisation = contacts.get(party.organisation._id) ?? {
      ...noTemplateContact,
      name: party.organisation.name,
    };
    const person = party.person ? (contacts.get(party.person._id) ?? null) : null;
    copies.set(role, { organisation, person });
  }
  return copies;
};

const partyOf = (copy: TPartyCopy | undefined): TTemplateParty => ({
  name: copy?.organisation.name ?? '',
  address: copy?.organisation.address ?? '',
  email: copy?.person?.email || copy?.organisation.email || '',
  phone: copy?.person?.phone || copy?.organisation.phone || '',
});

const money = (amount: string, currency: string | null): TTemplateMoney => ({
  amount: Number(amount),
  currency: currency ?? 'EUR',
});

/** The sell lines and their total in the base currency: what an arrival notice asks for. */
const sellChargesOf = (charges: TShipmentCharges) => ({
  total: money(charges.totals.revenue, charges.baseCurrency),
  lines: charges.lines
    .filter((line) => line.side === 'sell')
    .map((line) => ({
      code: line.chargeCode,
      description: line.description,
      amount: money(line.amount, line.currency),
    })),
});

export type TDocumentDataInput = {
  auth: TAuthContext;
  kind: TShipmentDocumentKind;
  shipment: TShipment;
  parties: Map<TShipmentPartyRole, TPartyCopy>;
  /** Present exactly when the kind shows charges. */
  charges: TShipmentCharges | null;
  timeZone: string;
};

export const documentDataOf = ({ auth, kind, shipment, parties, charges, timeZone }: TDocumentDataInput) => {
  const senderName = `${auth.user.firstName} ${auth.user.lastName}`.trim() || auth.user.email;
  const to = addressee[kind].map((role) => parties.get(role)).find(Boolean);
  const recipient = to?.person ?? to?.organisation;
  const lines = shipment.cargoLines;
  return {
    company: {
      name: auth.company.name,
      email: auth.user.email,
      phone: auth.company.phone ?? '',
      address: auth.company.address ?? '',
    },
    user: { name: senderName, email: auth.user.email },
    recipient: {
      name: recipient?.name ?? '',
      email: recipient?.email ?? '',
      company: to?.organisation.name ?? '',
    },
    contact: recipient ?? noTemplateContact,
    today: dayOf(new Date().toISOString(), timeZone),
    shipment: {
      reference: shipment.reference,
      mode: shipment.mode,
      direction: shipment.direction,
      placeOfReceipt: placeOf(shipment.placeOfReceipt),
      portOfLoading: placeOf(shipment.portOfLoading),
      portOfDischarge: placeOf(shipment.portOfDischarge),
      placeOfDelivery: placeOf(shipment.placeOfDelivery),
      vessel: shipment.vesselName ?? '',
      voyage: shipment.voyageNumber ?? '',
      flight: shipment.flightNumber ?? '',
      billOfLadingNumber: shipment.billOfLadingNumber ?? '',
      airWaybillNumber: shipment.airWaybillNumber ?? '',
      incoterm: [shipment.incoterm, shipment.incotermPlace].filter(Boolean).join(' '),
      marks: shipment.marks ?? '',
      departureDate: dayOf(shipment.actualDeparture ?? shipment.plannedDeparture, timeZone),
      arrivalDate: dayOf(shipment.actualArrival ?? shipment.plannedArrival, timeZone),
      packages: shipment.totals.packages,
      grossWeightKg: shipment.totals.grossWeightKg,
      volumeM3: shipment.totals.volumeM3,
      containers: shipment.containers.map((container) => ({
        number: container.number,
        type: container.sizeType,
        weightKg: container.verifiedGrossMassKg ?? 0,
        seals: container.seals.join(', '),
      })),
    },
    cargo: lines.map((line) => ({
      packages: line.packageCount,
      packageType: line.packageType,
      description: line.description,
      hsCode: line.hsCode ?? '',
      grossWeightKg: line.grossWeightKg,
      volumeM3: line.volumeM3 ?? 0,
    })),
    shipper: partyOf(parties.get('shipper')),
    consignee: partyOf(parties.get('consignee')),
    notifyParty: partyOf(parties.get('notifyParty')),
    customer: partyOf(parties.get('customer')),
    goods: lines.map((line) => `${line.description}, ${line.packageCount} ${line.packageType}`).join('; '),
    ...(shipmentDocumentKinds[kind].showsCharges && charges ? { charges: sellChargesOf(charges) } : {}),
  };
};
