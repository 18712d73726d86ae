import {
  airWaybillCheckDigit,
  containerCheckDigit,
  imoCheckDigit,
  type TBookingStatus,
  type TContactRole,
  type TIncotermRule,
} from '@cargodesk/shared';
import type { Queryable } from '../db/client.ts';
import { createId } from '../platform/data-access/ids.ts';
import { derivedColumnsOf } from '../services/contacts/contact-row.ts';
import { insertContacts } from '../services/contacts/repository.ts';
import { hasShipmentHistory, seedDemoShipments, type TDemoShipment } from '../services/freight/public.ts';

// Demo Freight Ltd's freight: the organisations it works with and about forty shipments by sea and
// air around today, so a newcomer's shipments list and dashboard show a forwarder's week.

const dayMs = 24 * 60 * 60 * 1000;

type TDemoOrganisation = {
  key: string;
  name: string;
  roles: TContactRole[];
  city: string;
  countryCode: string;
  email: string;
};

const organisations: TDemoOrganisation[] = [
  {
    key: 'ningbo',
    name: 'Ningbo Sunrise Appliances Co., Ltd.',
    roles: ['shipper'],
    city: 'Ningbo',
    countryCode: 'CN',
    email: 'export@sunrise-appliances.test',
  },
  {
    key: 'shenzhen',
    name: 'Shenzhen Brightway Electronics Co., Ltd.',
    roles: ['shipper'],
    city: 'Shenzhen',
    countryCode: 'CN',
    email: 'logistics@brightway.test',
  },
  {
    key: 'singapore',
    name: 'Straits Precision Parts Pte. Ltd.',
    roles: ['shipper', 'customer'],
    city: 'Singapore',
    countryCode: 'SG',
    email: 'shipping@straits-precision.test',
  },
  {
    key: 'hamburg',
    name: 'Hanseatic Home & Garden GmbH',
    roles: ['consignee', 'customer'],
    city: 'Hamburg',
    countryCode: 'DE',
    email: 'einkauf@hanseatic-home.test',
  },
  {
    key: 'rotterdam',
    name: 'Maasvlakte Fresh Imports B.V.',
    roles: ['consignee', 'customer'],
    city: 'Rotterdam',
    countryCode: 'NL',
    email: 'imports@maasvlakte-fresh.test',
  },
  {
    key: 'northwind',
    name: 'Northwind Retail Ltd',
    roles: ['consignee', 'customer'],
    city: 'Felixstowe',
    countryCode: 'GB',
    email: 'supply@northwind-retail.test',
  },
  {
    key: 'atlantic',
    name: 'Atlantic Outdoor Supply Inc.',
    roles: ['consignee', 'customer'],
    city: 'Newark',
    countryCode: 'US',
    email: 'receiving@atlantic-outdoor.test',
  },
  {
    key: 'maersk',
    name: 'Maersk A/S',
    roles: ['carrier'],
    city: 'Copenhagen',
    countryCode: 'DK',
    email: 'bookings@maersk.test',
  },
  {
    key: 'hapag',
    name: 'Hapag-Lloyd AG',
    roles: ['carrier'],
    city: 'Hamburg',
    countryCode: 'DE',
    email: 'bookings@hapag-lloyd.test',
  },
  {
    key: 'cma',
    name: 'CMA CGM S.A.',
    roles: ['carrier'],
    city: 'Marseille',
    countryCode: 'FR',
    email: 'bookings@cma-cgm.test',
  },
  {
    key: 'lufthansa',
    name: 'Lufthansa Cargo AG',
    roles: ['carrier'],
    city: 'Frankfurt am Main',
    countryCode: 'DE',
    email: 'sales@lufthansa-cargo.test',
  },
  {
    key: 'klm',
    name: 'KLM Cargo',
    roles: ['carrier'],
    city: 'Amsterdam',
    countryCode: 'NL',
    email: 'sales@klm-cargo.test',
  },
  {
    key: 'ba',
    name: 'IAG Cargo',
    roles: ['carrier'],
    city: 'London',
    countryCode: 'GB',
    email: 'sales@iag-cargo.test',
  },
  {
    key: 'shanghaiAgent',
    name: 'Pacific Bridge Logistics (Shanghai) Co., Ltd.',
    roles: ['agent'],
    city: 'Shanghai',
    countryCode: 'CN',
    email: 'ops@pacific-bridge.test',
  },
  {
    key: 'newYorkAgent',
    name: 'Gotham Freight Services LLC',
    roles: ['agent'],
    city: 'Jamaica',
    countryCode: 'US',
    email: 'ops@gotham-freight.test',
  },
];

/** A valid ISO 6346 number: owner code, category U, serial, computed check digit. */
const containerNumber = (owner: string, serial: number) => {
  const first10 = `${owner}U${String(serial).padStart(6, '0')}`;
  return `${first10}${containerCheckDigit(first10)}`;
};

/** A valid air waybill number: airline prefix, serial, mod-7 check digit. */
const airWaybill = (prefix: string, serial: number) => {
  const digits = String(serial).padStart(7, '0');
  return `${prefix}-${digits}${airWaybillCheckDigit(digits)}`;
};

/** An IMO number with its check digit (the first six digits weighted 7 to 2). */
const imoNumber = (first6: number) => `${first6}${imoCheckDigit(String(first6))}`;

type TLane = { from: string; to: string; days: number };
const seaLanes: (TLane & { carrier: string; owner: string; scac: string; vessel: string; imo: number })[] = [
  {
    from: 'CNSHA',
    to: 'NLRTM',
    days: 31,
    carrier: 'maersk',
    owner: 'MSK',
    scac: 'MAEU',
    vessel: 'Maersk Essen',
    imo: 945677,
  },
  {
    from: 'SGSIN',
    to: 'DEHAM',
    days: 25,
    carrier: 'hapag',
    owner: 'HLX',
    scac: 'HLCU',
    vessel: 'Berlin Express',
    imo: 950152,
  },
  {
    from: 'CNSHA',
    to: 'GBFXT',
    days: 33,
    carrier: 'cma',
    owner: 'CMA',
    scac: 'CMDU',
    vessel: 'CMA CGM Marco Polo',
    imo: 945438,
  },
  {
    from: 'NLRTM',
    to: 'USNYC',
    days: 10,
    carrier: 'maersk',
    owner: 'MSK',
    scac: 'MAEU',
    vessel: 'Maersk Kentucky',
    imo: 933228,
  },
  {
    from: 'DEHAM',
    to: 'USNYC',
    days: 12,
    carrier: 'hapag',
    owner: 'HLX',
    scac: 'HLCU',
    vessel: 'Essen Express',
    imo: 950153,
  },
];
const airLanes: (TLane & { carrier: string; prefix: string; flight: string })[] = [
  { from: 'PVG', to: 'FRA', days: 1, carrier: 'lufthansa', prefix: '020', flight: 'LH8407' },
  { from: 'FRA', to: 'JFK', days: 1, carrier: 'lufthansa', prefix: '020', flight: 'LH8160' },
  { from: 'AMS', to: 'PVG', days: 1, carrier: 'klm', prefix: '074', flight: 'KL0895' },
  { from: 'LHR', to: 'JFK', days: 1, carrier: 'ba', prefix: '125', flight: 'BA0177' },
  { from: 'PVG', to: 'AMS', days: 2, carrier: 'klm', prefix: '074', flight: 'KL0886' },
];

/** Where each shipment's arrival falls, in days from now, and what became of its booking. */
const plan: { arrivalDays: number; status: TBookingStatus; late?: boolean }[] = [
  ...[-58, -51, -45, -40, -34, -29, -24, -19, -15, -11, -8].map((arrivalDays) => ({
    arrivalDays,
    status: 'COMPLETED' as const,
  })),
  ...[-6, -4, -2.5, -1.5].map((arrivalDays) => ({ arrivalDays, status: 'CONFIRMED' as const, late: true })),
  ...[-0.04, 0.04, 0.3, 0.6, 1.5, 2.5, 3, 4, 5, 6, 8, 10, 12, 14, 17, 20, 23, 26, 30].map((arrivalDays) => ({
    arrivalDays,
    status: 'CONFIRMED' as const,
  })),
  { arrivalDays: 33, status: 'PENDING_AMENDMENT' },
  { arrivalDays: 36, status: 'RECEIVED' },
  { arrivalDays: 38, status: 'RECEIVED' },
  { arrivalDays: 41, status: 'RECEIVED' },
  { arrivalDays: 44, status: 'PENDING_UPDATE' },
  { arrivalDays: 9, status: 'CANCELLED' },
  { arrivalDays: 21, status: 'CANCELLED' },
];

const seaGoods = [
  { description: 'Household refrigerators', hsCode: '841821', packageType: 'CT', kgEach: 62 },
  { description: 'LED televisions, 55 inch', hsCode: '852872', packageType: 'CT', kgEach: 24 },
  { description: 'Garden furniture, aluminium', hsCode: '940379', packageType: 'PX', kgEach: 310 },
  { description: 'Bicycle spare parts', hsCode: '871499', packageType: 'CS', kgEach: 40 },
  { description: 'Frozen shrimps', hsCode: '030617', packageType: 'CT', kgEach: 20 },
] as const;
const airGoods = [
  { description: 'Smartphone components', hsCode: '851779', packageType: 'CT', kgEach: 12 },
  { description: 'Pharmaceutical samples', hsCode: '300490', packageType: 'BX', kgEach: 8 },
  { description: 'Machine spare parts', hsCode: '848790', packageType: 'CS', kgEach: 55 },
  { description: 'Fashion garments', hsCode: '620462', packageType: 'CT', kgEach: 15 },
] as const;

const seaIncoterms: TIncotermRule[] = ['FOB', 'CIF', 'FCA', 'DAP', 'EXW', 'CFR'];
const airIncoterms: TIncotermRule[] = ['FCA', 'CPT', 'DAP', 'EXW', 'DDP'];

/** Builds the shipments from the plan: every fourth by air, the rest by sea over the lanes. */
const demoShipments = (now: number, ids: Record<string, string>): TDemoShipment[] =>
  plan.map(({ arrivalDays, status, late }, index) => {
    const isAir = index % 4 === 1 || index % 7 === 3;
    const plannedArrival = new Date(now + arrivalDays * dayMs);
    const closed = status === 'CANCELLED';
    const byLane = (days: number) => {
      const plannedDeparture = new Date(plannedArrival.getTime() - days * dayMs);
      const departed = !closed && plannedDeparture.getTime() < now;
      const arrived = !closed && !late && plannedArrival.getTime() < now;
      return {
        plannedDeparture,
        plannedArrival,
        actualDeparture: departed
          ? new Date(plannedDeparture.getTime() + ((index % 3) * dayMs) / 8)
          : undefined,
        actualArrival: arrived ? new Date(plannedArrival.getTime() + ((index % 4) * dayMs) / 6) : undefined,
      };
    };
    const importing = index % 3 !== 0;
    const customer: string = importing
      ? (['hamburg', 'rotterdam', 'northwind', 'atlantic'][index % 4] ?? 'hamburg')
      : 'singapore';
    const parties = (carrier: string, shipper: string, consignee: string) => ({
      customer: ids[customer] as string,
      shipper: ids[shipper] as string,
      consignee: ids[consignee] as string,
      carrier: ids[carrier] as string,
      ...(index % 2 === 0 ? { originAgent: ids.shanghaiAgent as string } : {}),
      ...(index % 5 === 0 ? { destinationAgent: ids.newYorkAgent as string } : {}),
    });
    const direction = index % 9 === 4 ? 'cross-trade' : importing ? 'import' : 'export';
    if (isAir) {
      const lane = airLanes[index % airLanes.length] as (typeof airLanes)[number];
      const goods = airGoods[index % airGoods.length] as (typeof airGoods)[number];
      const pieces = 4 + (index % 9) * 3;
      return {
        mode: 'air',
        direction,
        loadType: index % 6 === 1 ? 'uld' : 'loose',
        bookingStatus: status,
        incoterm: airIncoterms[index % airIncoterms.length],
        incotermPlace: lane.to,
        portOfLoading: lane.from,
        portOfDischarge: lane.to,
        flightNumber: lane.flight,
        airWaybillNumber: airWaybill(lane.prefix, 4_310_000 + index * 137),
        ...byLane(lane.days),
        parties: parties(
          lane.carrier,
          importing ? 'shenzhen' : 'singapore',
          importing ? customer : 'atlantic',
        ),
        lines: [
          {
            packageCount: pieces,
            packageType: goods.packageType,
            description: goods.description,
            hsCode: goods.hsCode,
            grossWeightKg: pieces * goods.kgEach,
            volumeM3: Math.round(pieces * 0.12 * 100) / 100,
            dangerousGoodsUnNumber: null,
            dangerousGoodsClass: null,
            dimensions: [{ pieces, lengthCm: 60, widthCm: 50, heightCm: 40 }],
          },
        ],
        containers: [],
      };
    }
    const lane = seaLanes[index % seaLanes.length] as (typeof seaLanes)[number];
    const goods = seaGoods[index % seaGoods.length] as (typeof seaGoods)[number];
    const loadType = index % 5 === 2 ? 'lcl' : 'fcl';
    const containerCount = loadType === 'fcl' ? 1 + (index % 3) : 0;
    const reefer = goods.hsCode === '030617';
    const packages = loadType === 'fcl' ? containerCount * 120 : 18 + index;
    return {
      mode: 'sea',
      direction,
      loadType,
      bookingStatus: status,
      incoterm: seaIncoterms[index % seaIncoterms.length],
      incotermPlace: lane.from,
      portOfLoading: lane.from,
      portOfDischarge: lane.to,
      vesselName: lane.vessel,
      vesselImo: imoNumber(lane.imo),
      voyageNumber: `${440 + (index % 30)}${importing ? 'W' : 'E'}`,
      billOfLadingNumber: `${lane.scac}${String(263_004_100 + index * 41)}`,
      ...byLane(lane.days),
      parties: parties(lane.carrier, importing ? 'ningbo' : 'singapore', importing ? customer : 'atlantic'),
      marks: `${goods.description.toUpperCase()} / MADE IN ${importing ? 'CHINA' : 'SINGAPORE'}`,
      lines: [
        {
          packageCount: packages,
          packageType: goods.packageType,
          description: goods.description,
          hsCode: goods.hsCode,
          grossWeightKg: packages * goods.kgEach,
          volumeM3: Math.round(packages * 0.21 * 10) / 10,
          dangerousGoodsUnNumber: null,
          dangerousGoodsClass: null,
          dimensions: [],
        },
      ],
      containers: Array.from({ length: containerCount }, (_, position) => ({
        number: containerNumber(lane.owner, 312_000 + index * 97 + position * 11),
        sizeType: reefer ? '45R1' : position === 0 && index % 2 === 0 ? '22G1' : '45G1',
        seals: [`${lane.scac.slice(0, 2)}${String(880_120 + index * 7 + position)}`],
        tareKg: reefer ? 4800 : position === 0 && index % 2 === 0 ? 2200 : 3900,
        verifiedGrossMassKg: null,
      })),
    };
  });

/**
 * Seeds Demo Freight Ltd's organisations and shipments once: a company that has ever numbered a
 * shipment keeps its own (a newcomer who deleted the demo's does not get them back).
 */
export const seedDemoFreight = async (
  tx: Queryable,
  { companyId, userId, timezone }: { companyId: string; userId: string | null; timezone: string | null },
) => {
  if (await hasShipmentHistory(tx, companyId)) return 0;
  const ids = Object.fromEntries(organisations.map((organisation) => [organisation.key, createId()]));
  await insertContacts(
    tx,
    organisations.map((organisation) => {
      const written = {
        name: organisation.name,
        emails: [{ label: '', address: organisation.email }],
        phones: [],
        addresses: [
          {
            label: '',
            street: '',
            postalCode: '',
            city: organisation.city,
            region: '',
            countryCode: organisation.countryCode,
          },
        ],
        taxNumber: null,
      };
      return {
        companyId,
        id: ids[organisation.key] as string,
        kind: 'organisation' as const,
        organisationId: null,
        jobTitle: null,
        roles: organisation.roles,
        notes: null,
        ownerId: null,
        createdBy: userId,
        updatedBy: userId,
        ...written,
        ...derivedColumnsOf(written),
      };
    }),
  );
  return seedDemoShipments(tx, { companyId, userId, timezone }, demoShipments(Date.now(), ids));
};
