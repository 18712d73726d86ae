import { isDeepStrictEqual } from 'node:util';
import {
  bookingMoveRefusal,
  bookingStatuses,
  bookingTransitionsFrom,
  incotermRefusal,
  loadTypesOfMode,
  progressRank,
  progressStatuses,
  shipmentPartyRoles,
  shipmentRules,
  type TBookingStatus,
  type TIncotermRule,
  type TListMeta,
  type TMilestoneFacts,
  type TOperationalStatus,
  type TProgressStatus,
  type TShipment,
  type TShipmentCounts,
  type TShipmentLink,
  type TShipmentLocation,
  type TShipmentMode,
  type TShipmentPartyRole,
  type TShipmentPartyView,
  type TShipmentSummary,
  type ZShipmentCargo,
  type ZShipmentCreate,
  type ZShipmentListQuery,
  type ZShipmentUpdate,
} from '@cargodesk/shared';
import type { z } from 'zod';
import type { Db, Queryable, Tx } from '../../../db/client.ts';
import { cappedTotal, listMeta } from '../../../db/paging.ts';
import type { TAuthContext } from '../../../platform/auth/auth-context.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import { withTenant, withTenantRead } from '../../../platform/data-access/tenant-transaction.ts';
import { auditTrails, type TAuditActor } from '../../../platform/events/audit.ts';
import { AppError, fieldError } from '../../../platform/http/errors.ts';
import { readSort } from '../../../platform/http/list-sort.ts';
import { findContactIdsByName, findPartyContacts } from '../../contacts/public.ts';
import type { TLocationLookup } from '../../master-data/public.ts';
import * as cargoRepository from '../cargo/repository.ts';
import { totalsOf } from '../cargo/totals.ts';
import { findMilestoneFacts } from '../events/public.ts';
import { weekAround } from './company-week.ts';
import { takeReference } from './reference-settings.ts';
import * as repository from './repository.ts';

// Shipments (docs/decisions/043-shipments-model.md): every write in one transaction with its audit
// entry; parties are contacts of the company, places are catalogue codes, identifiers carry their
// check digits, and the booking moves only as DCSA Booking 2.0 allows.

/** "a sea", "an air": a mode's name with its article. */
const withArticle = (mode: string) => `${/^[aeiou]/.test(mode) ? 'an' : 'a'} ${mode}`;

export const shipmentMessages = {
  notFound: 'No such shipment in your company',
  loadType: (mode: string, allowed: readonly string[]) =>
    `must be one of ${allowed.join(', ')} for a ${mode} shipment`,
  incotermPlaceWithoutRule: 'needs an Incoterms rule to name its place',
  notForMode: (mode: string) => `does not apply to a ${mode} shipment`,
  organisation: 'must be an organisation of your contacts',
  person: 'must be a person of your contacts who belongs to the organisation given',
  location: (code: string, kind: string) =>
    `${code} is not ${kind} in the catalogue or your company's own list`,
  arrivalBeforeDeparture: 'must not be before the departure',
  containersNotForAir: 'are for sea shipments: an air shipment has its pieces and dimensions',
  duplicateContainer: (number: string, position: number) =>
    `${number} is already container ${position} of this shipment`,
  unNumberWithoutClass: 'needs the dangerous goods class with the UN number',
  classWithoutUnNumber: 'needs the UN number with the dangerous goods class',
  masterNotFound: 'must be a master shipment of your company',
  notAMaster: (reference: string) =>
    `${reference} is not a master: create a master (MBL or MAWB) to consolidate houses under it`,
  masterOfOtherMode: (reference: string, masterMode: string, mode: string) =>
    `${reference} is ${withArticle(masterMode)} master: ${withArticle(mode)} house goes under ${withArticle(mode)} master`,
  ownMaster: 'must be another shipment than the house itself',
  masterFull: (reference: string) =>
    `${reference} already holds ${shipmentRules.housesPerMasterMax} houses, the most a master may: consolidate under another master`,
  masterCancelled: (reference: string) =>
    `${reference} is cancelled: consolidate the house under a master still under way`,
  masterCannotBeHouse: (houses: number) =>
    houses > 0
      ? `This shipment is a master with ${houses} house${houses === 1 ? '' : 's'}: move them to another master or detach them first`
      : 'This shipment is a master: a master is not consolidated under another',
  notAHouse: 'This shipment is not a house under a master, so there is nothing to detach',
} as const;

type TCreateInput = z.output<typeof ZShipmentCreate>;
type TUpdateInput = z.output<typeof ZShipmentUpdate>;
type TListInput = z.output<typeof ZShipmentListQuery>;
type TCargoInput = z.output<typeof ZShipmentCargo>;

/** How many contacts a search by party name looks for; their shipments are searched with the rest. */
const partySearchLimit = 200;

/** The name a party shows whose contact was deleted since. */
const deletedContact = 'Deleted contact';

const notFound = () => new AppError('NOT_FOUND', shipmentMessages.notFound);

/** Actual events reached no step and hold nothing: the status is the booking's and the dates'. */
const noMilestones: TMilestoneFacts = { furthest: null, isOnHold: false };

/**
 * The operational status (decisions 043 and 048): the booking's end first (cancelled, completed),
 * then a hold not yet released, then the furthest step the actual events, the actual dates and a
 * confirmed booking reach. report-source.ts says the same in SQL (shipments-status.test.ts).
 */
export const operationalStatusOf = (
  row: Pick<repository.TShipmentRow, 'bookingStatus' | 'actualDeparture' | 'actualArrival'>,
  milestones: TMilestoneFacts = noMilestones,
): TOperationalStatus => {
  const status = row.bookingStatus as TBookingStatus;
  if (status === 'REJECTED' || status === 'DECLINED' || status === 'CANCELLED') return 'cancelled';
  if (status === 'COMPLETED') return 'completed';
  if (milestones.isOnHold) return 'on-hold';
  const reached: TProgressStatus[] = [
    milestones.furthest ?? 'draft',
    row.actualArrival ? 'arrived' : 'draft',
    row.actualDeparture ? 'departed' : 'draft',
    status === 'CONFIRMED' || status === 'PENDING_AMENDMENT' ? 'booked' : 'draft',
  ];
  return progressStatuses[Math.max(...reached.map(progressRank))] ?? 'draft';
};

const isLateAt = (row: repository.TShipmentSummaryRow, now: Date) => {
  const status = operationalStatusOf(row);
  return (
    row.plannedArrival !== null &&
    row.actualArrival === null &&
    row.plannedArrival < now &&
    status !== 'cancelled' &&
    status !== 'completed'
  );
};

/** Reference, bill and air waybill numbers and the container numbers, lower-cased (decision 043). */
const searchTextOf = (
  row: Pick<repository.TShipmentRow, 'reference' | 'billOfLadingNumber' | 'airWaybillNumber'>,
  containerNumbers: readonly string[] = [],
) =>
  [
    row.reference,
    row.billOfLadingNumber,
    row.airWaybillNumber,
    row.airWaybillNumber?.replace('-', ''),
    ...containerNumbers,
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();

const dateOf = (text: string | null | undefined) => (text ? new Date(text) : null);
const textOf = (date: Date | null) => (date ? date.toISOString() : null);

type TCargoRows = { lines: cargoRepository.TCargoLineRow[]; containers: cargoRepository.TContainerRow[] };

const lineView = (line: cargoRepository.TCargoLineRow) => ({
  packageCount: line.packageCount,
  packageType: line.packageType,
  description: line.description,
  hsCode: line.hsCode,
  grossWeightKg: line.grossWeightKg,
  volumeM3: line.volumeM3,
  dangerousGoodsUnNumber: line.dangerousGoodsUnNumber,
  dangerousGoodsClass: line.dangerousGoodsClass,
  dimensions: line.dimensions,
});

const containerView = (container: cargoRepository.TContainerRow) => ({
  number: container.number,
  sizeType: container.sizeType,
  seals: container.seals,
  tareKg: container.tareKg,
  verifiedGrossMassKg: container.verifiedGrossMassKg,
});

/** The shipment's own fields as the audit trail keeps them, with its consolidation and cargo. */
const auditedShipment = (
  row: repository.TShipmentRow,
  parties: repository.TPartyRow[],
  cargo: TCargoRows,
) => ({
  reference: row.reference,
  consolidation: row.consolidation,
  masterId: row.masterId,
  cargoLines: cargo.lines.map(lineView),
  containers: cargo.containers.map(containerView),
  mode: row.mode,
  direction: row.direction,
  loadType: row.loadType,
  incoterm: row.incoterm,
  incotermPlace: row.incotermPlace,
  placeOfReceipt: row.placeOfReceipt,
  portOfLoading: row.portOfLoading,
  portOfDischarge: row.portOfDischarge,
  placeOfDelivery: row.placeOfDelivery,
  vesselName: row.vesselName,
  vesselImo: row.vesselImo,
  voyageNumber: row.voyageNumber,
  flightNumber: row.flightNumber,
  billOfLadingNumber: row.billOfLadingNumber,
  airWaybillNumber: row.airWaybillNumber,
  plannedDeparture: textOf(row.plannedDeparture),
  actualDeparture: textOf(row.actualDeparture),
  plannedArrival: textOf(row.plannedArrival),
  actualArrival: textOf(row.actualArrival),
  bookingStatus: row.bookingStatus,
  notes: row.notes,
  marks: row.marks,
  parties: Object.fromEntries(
    parties.map((party) => [party.role, { organisationId: party.organisationId, personId: party.personId }]),
  ),
});

type TLocationField = 'placeOfReceipt' | 'portOfLoading' | 'portOfDischarge' | 'placeOfDelivery';
const locationFields: TLocationField[] = [
  'placeOfReceipt',
  'portOfLoading',
  'portOfDischarge',
  'placeOfDelivery',
];

export type TShipmentsServiceDependencies = { db: Db; locations: TLocationLookup };

export const createShipmentsService = ({ db, locations }: TShipmentsServiceDependencies) => {
  /** A field's place: ports of loading and discharge of the mode's kind; receipt and delivery either. */
  const findPlace = async (
    tx: Queryable,
    companyId: string,
    mode: TShipmentMode,
    field: TLocationField,
    code: string,
  ): Promise<TShipmentLocation | undefined> => {
    const isPort = field === 'portOfLoading' || field === 'portOfDischarge';
    const kinds = isPort
      ? [mode === 'air' ? ('airport' as const) : ('oceanport' as const)]
      : (['oceanport', 'airport'] as const);
    for (const kind of kinds) {
      const found = await locations.findLocation(tx, companyId, kind, code);
      if (found) return found;
    }
    return undefined;
  };

  /**
   * Refuses, naming the field, what does not fit the mode or the standards (the IMO and air waybill
   * numbers' check digits are the input schema's). Catalogue codes are checked only where
   * `isChanged` says the value is new: a port the catalogue or the company's list has retired since
   * must not block every later edit of the shipment.
   */
  const checkFields = async (
    tx: Queryable,
    companyId: string,
    mode: TShipmentMode,
    row: repository.TShipmentInsert,
    isChanged: (field: keyof repository.TShipmentInsert) => boolean = () => true,
  ) => {
    const allowed = loadTypesOfMode[mode];
    if (!allowed.includes(row.loadType))
      throw fieldError('loadType', shipmentMessages.loadType(mode, allowed));
    if (row.incoterm) {
      const refusal = incotermRefusal(row.incoterm as TIncotermRule, mode);
      if (refusal) throw fieldError('incoterm', refusal);
    } else if (row.incotermPlace)
      throw fieldError('incotermPlace', shipmentMessages.incotermPlaceWithoutRule);
    const seaOnly = ['vesselName', 'vesselImo', 'voyageNumber', 'billOfLadingNumber'] as const;
    const airOnly = ['flightNumber', 'airWaybillNumber'] as const;
    for (const field of mode === 'air' ? seaOnly : airOnly) {
      if (row[field]) throw fieldError(field, shipmentMessages.notForMode(mode));
    }
    if (row.plannedDeparture && row.plannedArrival && row.plannedArrival < row.plannedDeparture)
      throw fieldError('plannedArrival', shipmentMessages.arrivalBeforeDeparture);
    if (row.actualDeparture && row.actualArrival && row.actualArrival < row.actualDeparture)
      throw fieldError('actualArrival', shipmentMessages.arrivalBeforeDeparture);
    for (const field of locationFields) {
      const code = row[field];
      if (!code || !isChanged(field)) continue;
      if (!(await findPlace(tx, companyId, mode, field, code))) {
        const isPort = field === 'portOfLoading' || field === 'portOfDischarge';
        const kind = !isPort ? 'a port or airport' : mode === 'air' ? 'an airport' : 'an ocean port';
        throw fieldError(field, shipmentMessages.location(code, kind));
      }
    }
  };

  /**
   * Each party given: an organisation of the company and, optionally, one of its people. A party
   * the shipment already has, unchanged, is not checked again: a contact deleted since stays.
   */
  const checkParties = async (
    tx: Queryable,
    companyId: string,
    parties: TCreateInput['parties'],
    current: repository.TPartyRow[] = [],
  ) => {
    if (!parties) return;
    const given = shipmentPartyRoles.flatMap((role) => {
      const party = parties[role];
      const held = current.find((row) => row.role === role);
      const isUnchanged =
        held !== undefined &&
        party?.organisationId === held.organisationId &&
        (party.personId ?? null) === held.personId;
      return party && !isUnchanged ? [{ role, party }] : [];
    });
    if (given.length === 0) return;
    const contacts = await findPartyContacts(
      tx,
      companyId,
      given.flatMap(({ party }) => [party.organisationId, ...(party.personId ? [party.personId] : [])]),
    );
    for (const { role, party } of given) {
      if (contacts.get(party.organisationId)?.kind !== 'organisation')
        throw fieldError(`parties.${role}.organisationId`, shipmentMessages.organisation);
      if (party.personId) {
        const person = contacts.get(party.personId);
        if (person?.kind !== 'person' || person.organisationId !== party.organisationId)
          throw fieldError(`parties.${role}.personId`, shipmentMessages.person);
      }
    }
  };

  const writeParties = async (
    tx: Queryable,
    companyId: string,
    shipmentId: string,
    parties: TCreateInput['parties'],
  ) => {
    if (!parties) return;
    for (const role of shipmentPartyRoles) {
      const party = parties[role];
      if (party === undefined) continue;
      await repository.setParty(
        tx,
        companyId,
        shipmentId,
        role,
        party && { organisationId: party.organisationId, personId: party.personId ?? null },
      );
    }
  };

  /** Each role's party as the screen shows it; a contact deleted since shows as gone rather than as nothing. */
  const partyViews = (parties: repository.TNamedPartyRow[]) =>
    Object.fromEntries(
      shipmentPartyRoles.map((role) => {
        const party = parties.find((row) => row.role === role);
        const view: TShipmentPartyView | null = party
          ? {
              organisation: { _id: party.organisationId, name: party.organisationName ?? deletedContact },
              person: party.personId
                ? { _id: party.personId, name: party.personName ?? deletedContact }
                : null,
            }
          : null;
        return [role, view];
      }),
    ) as Record<TShipmentPartyRole, TShipmentPartyView | null>;

  const common = (row: repository.TShipmentSummaryRow, now: Date, milestones?: TMilestoneFacts) => ({
    _id: row.id,
    reference: row.reference,
    mode: row.mode,
    direction: row.direction,
    loadType: row.loadType,
    bookingStatus: row.bookingStatus as TBookingStatus,
    operationalStatus: operationalStatusOf(row, milestones),
    consolidation: row.consolidation,
    plannedDeparture: textOf(row.plannedDeparture),
    actualDeparture: textOf(row.actualDeparture),
    plannedArrival: textOf(row.plannedArrival),
    actualArrival: textOf(row.actualArrival),
    isLate: isLateAt(row, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  /** Lines and containers at once: on PostgreSQL both leave in one write (withTenantRead). */
  const cargoOf = async (tx: Queryable, companyId: string, shipmentIds: string[]): Promise<TCargoRows> => {
    const [lines, containers] = await Promise.all([
      cargoRepository.findCargoLines(tx, companyId, shipmentIds),
      cargoRepository.findContainers(tx, companyId, shipmentIds),
    ]);
    return { lines, containers };
  };

  /**
   * The shipment's screen; a write passes the cargo it already holds, so it is read once. What
   * depends only on the row is read at once (the parties with their names, its places, a master's
   * houses or a house's master): one round trip on PostgreSQL, not one a read.
   */
  const readView = async (
    tx: Queryable,
    companyId: string,
    row: repository.TShipmentRow,
    known: { parties?: repository.TNamedPartyRow[]; cargo?: TCargoRows } = {},
  ): Promise<TShipment> => {
    const place = async (field: TLocationField) => {
      const code = row[field];
      if (!code) return null;
      // A code the catalogue has since retired still shows, without its details.
      return (
        (await findPlace(tx, companyId, row.mode, field, code)) ?? {
          code,
          kind: row.mode === 'air' ? ('airport' as const) : ('oceanport' as const),
          name: code,
          countryCode: code.length === 5 ? code.slice(0, 2) : '',
          timezone: null,
        }
      );
    };
    const [parties, houses, master, own, places, milestones] = await Promise.all([
      known.parties ?? repository.findNamedParties(tx, companyId, row.id),
      // A master's totals are its own cargo's and its houses', summed now (decision 043).
      row.consolidation === 'master' ? repository.findHouses(tx, companyId, row.id) : [],
      row.masterId === null ? undefined : repository.findShipment(tx, companyId, row.masterId),
      known.cargo ?? cargoOf(tx, companyId, [row.id]),
      Promise.all(locationFields.map(place)),
      findMilestoneFacts(tx, companyId, [row.id]),
    ]);
    const [placeOfReceipt, portOfLoading, portOfDischarge, placeOfDelivery] = places;
    const summed = houses.length
      ? await cargoOf(tx, companyId, [row.id, ...houses.map((house) => house.id)])
      : own;
    const link = (shipment: { id: string; reference: string }): TShipmentLink => ({
      _id: shipment.id,
      reference: shipment.reference,
    });
    return {
      ...common(row, new Date(), milestones.get(row.id)),
      master: master ? link(master) : null,
      houses: houses.map(link),
      cargoLines: own.lines.map(lineView),
      containers: own.containers.map(containerView),
      totals: totalsOf(row.mode, summed.lines, summed.containers),
      incoterm: row.incoterm as TIncotermRule | null,
      incotermPlace: row.incotermPlace,
      parties: partyViews(parties),
      placeOfReceipt: placeOfReceipt ?? null,
      portOfLoading: portOfLoading ?? null,
      portOfDischarge: portOfDischarge ?? null,
      placeOfDelivery: placeOfDelivery ?? null,
      vesselName: row.vesselName,
      vesselImo: row.vesselImo,
      voyageNumber: row.voyageNumber,
      flightNumber: row.flightNumber,
      billOfLadingNumber: row.billOfLadingNumber,
      airWaybillNumber: row.airWaybillNumber,
      notes: row.notes,
      marks: row.marks,
      bookingMoves: [
        ...new Set(bookingTransitionsFrom(row.bookingStatus as TBookingStatus).map((move) => move.to)),
      ],
    };
  };

  const fieldsOf = (input: TUpdateInput): Partial<repository.TShipmentInsert> => {
    const fields: Partial<repository.TShipmentInsert> = {};
    const copy = <TKey extends keyof TUpdateInput & keyof repository.TShipmentInsert>(key: TKey) => {
      if (input[key] !== undefined) (fields as Record<string, unknown>)[key] = input[key];
    };
    for (const key of [
      'direction',
      'loadType',
      'incoterm',
      'incotermPlace',
      'placeOfReceipt',
      'portOfLoading',
      'portOfDischarge',
      'placeOfDelivery',
      'vesselName',
      'vesselImo',
      'voyageNumber',
      'flightNumber',
      'billOfLadingNumber',
      'airWaybillNumber',
      'notes',
      'marks',
    ] as const)
      copy(key);
    for (const key of ['plannedDeparture', 'actualDeparture', 'plannedArrival', 'actualArrival'] as const) {
      if (input[key] !== undefined) fields[key] = dateOf(input[key]);
    }
    return fields;
  };

  const list = async (
    auth: TAuthContext,
    query: TListInput,
  ): Promise<{ data: TShipmentSummary[]; meta: TListMeta }> =>
    withTenantRead(db, auth.companyId, async (tx) => {
      const sort = readSort(query.sort, repository.shipmentSortColumns);
      const now = new Date();
      const q = query.q?.toLowerCase();
      const page = { page: query.page, pageSize: query.pageSize };
      const filter: repository.TShipmentFilter = {
        ...page,
        companyId: auth.companyId,
        q,
        partyIdsOfSearch: q ? await findContactIdsByName(tx, auth.companyId, q, partySearchLimit) : undefined,
        mode: query.mode,
        direction: query.direction,
        consolidation: query.consolidation,
        bookingStatus: query.bookingStatus,
        portOfLoading: query.portOfLoading,
        portOfDischarge: query.portOfDischarge,
        partyId: query.partyId,
        departureFrom: dateOf(query.departureFrom) ?? undefined,
        departureTo: dateOf(query.departureTo) ?? undefined,
        arrivalFrom: dateOf(query.arrivalFrom) ?? undefined,
        arrivalTo: dateOf(query.arrivalTo) ?? undefined,
        arrivingBetween: query.arrivingThisWeek ? weekAround(now, auth.company.timezone) : undefined,
        departingBetween: query.departingThisWeek ? weekAround(now, auth.company.timezone) : undefined,
        lateAt: query.isLate ? now : undefined,
        sort: sort
          ? { field: sort.field, isDescending: sort.isDescending }
          : { field: 'createdAt', isDescending: true },
      };
      // A number is looked up by the words it begins (decision 044); only when none begins with the
      // text is it looked for anywhere in the numbers, as a piece of one.
      const byWord = await repository.findShipmentPage(tx, { ...filter, searchBy: 'word' });
      const { rows, total, cap } =
        q && byWord.total === 0
          ? await repository.findShipmentPage(tx, { ...filter, searchBy: 'contains' })
          : byWord;
      // The page's status from its actual events: one lookup by the page's ids beside the list's
      // statement, which stays as it is (decision 048).
      const milestones = await findMilestoneFacts(
        tx,
        auth.companyId,
        rows.map((row) => row.id),
      );
      return {
        data: rows.map((row) => ({
          ...common(row, now, milestones.get(row.id)),
          // A customer deleted since shows as gone rather than as nothing.
          customer: row.customerId ? { _id: row.customerId, name: row.customerName ?? deletedContact } : null,
          portOfLoading: row.portOfLoading,
          portOfDischarge: row.portOfDischarge,
          billOfLadingNumber: row.billOfLadingNumber,
          airWaybillNumber: row.airWaybillNumber,
        })),
        meta: { ...listMeta(0, page), ...cappedTotal(total, cap) },
      };
    });

  /** The dashboard's numbers: this week's arrivals and departures, the late ones, and by booking status. */
  const counts = async (auth: TAuthContext): Promise<TShipmentCounts> =>
    withTenantRead(db, auth.companyId, async (tx) => {
      const now = new Date();
      const counted = await repository.countShipments(tx, {
        companyId: auth.companyId,
        week: weekAround(now, auth.company.timezone),
        now,
      });
      const byBookingStatus = Object.fromEntries(
        bookingStatuses.map((status) => [
          status,
          counted.byStatus.find((row) => row.status === status)?.count ?? 0,
        ]),
      ) as TShipmentCounts['byBookingStatus'];
      return {
        arrivingThisWeek: counted.arriving,
        departingThisWeek: counted.departing,
        late: counted.late,
        byBookingStatus,
        total: counted.byStatus.reduce((sum, row) => sum + row.count, 0),
      };
    });

  const get = async (auth: TAuthContext, id: string): Promise<TShipment> =>
    withTenantRead(db, auth.companyId, async (tx) => {
      // The row, its parties and its cargo at once: all three need only the id. Another company's
      // id finds no row (and, under row-level security, no parties or cargo either).
      const [row, parties, cargo] = await Promise.all([
        repository.findShipment(tx, auth.companyId, id),
        repository.findNamedParties(tx, auth.companyId, id),
        cargoOf(tx, auth.companyId, [id]),
      ]);
      if (!row) throw notFound();
      return readView(tx, auth.companyId, row, { parties, cargo });
    });

  const create = async (auth: TAuthContext, actor: TAuditActor, input: TCreateInput): Promise<TShipment> =>
    withTenant(db, auth.companyId, async (tx) => {
      const now = new Date();
      const row: repository.TShipmentInsert = {
        companyId: auth.companyId,
        id: createId(),
        reference: '',
        mode: input.mode,
        consolidation: input.consolidation ?? 'direct',
        bookingStatus: 'RECEIVED',
        searchText: '',
        createdAt: now,
        updatedAt: now,
        createdBy: auth.userId,
        updatedBy: auth.userId,
        ...(fieldsOf(input) as Pick<repository.TShipmentInsert, 'direction' | 'loadType'>),
      };
      await checkFields(tx, auth.companyId, input.mode, row);
      await checkParties(tx, auth.companyId, input.parties);
      // Last: a refused shipment takes no number, and the counter's lock is held the shortest time.
      row.reference = await takeReference(tx, auth.companyId, input.mode, {
        at: now,
        timezone: auth.company.timezone,
      });
      row.searchText = searchTextOf({
        ...row,
        billOfLadingNumber: row.billOfLadingNumber ?? null,
        airWaybillNumber: row.airWaybillNumber ?? null,
      });
      await repository.insertShipment(tx, row);
      await writeParties(tx, auth.companyId, row.id, input.parties);
      const saved = await repository.findShipment(tx, auth.companyId, row.id);
      if (!saved) throw notFound();
      const parties = await repository.findParties(tx, auth.companyId, [row.id]);
      await auditTrails.shipment(tx, actor, 'create', row.id, {
        after: auditedShipment(saved, parties, { lines: [], containers: [] }),
      });
      return readView(tx, auth.companyId, saved, { cargo: { lines: [], containers: [] } });
    });

  /**
   * Locks the shipment, applies `work`, writes it and audits before and after. The shipment, its
   * parties and its cargo are read once; again afterwards only what `work` says it rewrote.
   */
  const change = async (
    auth: TAuthContext,
    actor: TAuditActor,
    id: string,
    work: (
      tx: Tx,
      before: repository.TShipmentRow,
      partiesBefore: repository.TPartyRow[],
    ) => Promise<Partial<repository.TShipmentInsert>>,
    rewrites: { parties?: boolean; cargo?: boolean } = {},
  ): Promise<TShipment> =>
    withTenant(db, auth.companyId, async (tx) => {
      const before = await repository.findShipment(tx, auth.companyId, id, { forUpdate: true });
      if (!before) throw notFound();
      const partiesBefore = await repository.findParties(tx, auth.companyId, [id]);
      const cargoBefore = await cargoOf(tx, auth.companyId, [id]);
      const changes = await work(tx, before, partiesBefore);
      // Nothing to change (an empty edit, a house sent to the master it has): no write, no history.
      if (Object.keys(changes).length === 0 && !rewrites.parties && !rewrites.cargo)
        return readView(tx, auth.companyId, before, { cargo: cargoBefore });
      const merged = { ...before, ...changes };
      const cargoAfter = rewrites.cargo ? await cargoOf(tx, auth.companyId, [id]) : cargoBefore;
      const after = await repository.updateShipment(tx, auth.companyId, id, {
        ...changes,
        searchText: searchTextOf(
          merged,
          cargoAfter.containers.map((container) => container.number),
        ),
        updatedAt: new Date(),
        updatedBy: auth.userId,
      });
      if (!after) throw notFound();
      const partiesAfter = rewrites.parties
        ? await repository.findParties(tx, auth.companyId, [id])
        : partiesBefore;
      const audited = {
        before: auditedShipment(before, partiesBefore, cargoBefore),
        after: auditedShipment(after, partiesAfter, cargoAfter),
      };
      // Values sent again as they were leave the history as it was.
      if (!isDeepStrictEqual(audited.before, audited.after))
        await auditTrails.shipment(tx, actor, 'update', id, audited);
      return readView(tx, auth.companyId, after, { cargo: cargoAfter });
    });

  /** Changes the fields given; only values that differ from the shipment's are checked again. */
  const update = (auth: TAuthContext, actor: TAuditActor, id: string, input: TUpdateInput) =>
    change(
      auth,
      actor,
      id,
      async (tx, before, partiesBefore) => {
        const changes = fieldsOf(input);
        const merged = { ...before, ...changes } as repository.TShipmentInsert;
        await checkFields(
          tx,
          auth.companyId,
          before.mode,
          merged,
          (field) => field in changes && changes[field] !== before[field as keyof repository.TShipmentRow],
        );
        await checkParties(tx, auth.companyId, input.parties, partiesBefore);
        await writeParties(tx, auth.companyId, id, input.parties);
        return changes;
      },
      { parties: input.parties !== undefined },
    );

  const moveBooking = (auth: TAuthContext, actor: TAuditActor, id: string, status: TBookingStatus) =>
    change(auth, actor, id, async (_tx, before) => {
      const refusal = bookingMoveRefusal(before.bookingStatus as TBookingStatus, status);
      if (refusal)
        throw new AppError('CONFLICT', refusal, {
          from: before.bookingStatus,
          to: status,
          allowed: bookingTransitionsFrom(before.bookingStatus as TBookingStatus).map((move) => move.to),
        });
      return { bookingStatus: status };
    });

  /** Replaces the cargo lines and containers; a container number appears once in a shipment. */
  const replaceCargo = (auth: TAuthContext, actor: TAuditActor, id: string, input: TCargoInput) =>
    change(
      auth,
      actor,
      id,
      async (tx, before) => {
        if (before.mode === 'air' && input.containers.length > 0)
          throw fieldError('containers', shipmentMessages.containersNotForAir);
        const seen = new Map<string, number>();
        input.containers.forEach((container, index) => {
          const earlier = seen.get(container.number);
          if (earlier !== undefined)
            throw fieldError(
              `containers.${index}.number`,
              shipmentMessages.duplicateContainer(container.number, earlier + 1),
              { duplicateOf: earlier },
            );
          seen.set(container.number, index);
        });
        input.lines.forEach((line, index) => {
          if (line.dangerousGoodsUnNumber && !line.dangerousGoodsClass)
            throw fieldError(`lines.${index}.dangerousGoodsClass`, shipmentMessages.unNumberWithoutClass);
          if (line.dangerousGoodsClass && !line.dangerousGoodsUnNumber)
            throw fieldError(`lines.${index}.dangerousGoodsUnNumber`, shipmentMessages.classWithoutUnNumber);
        });
        await cargoRepository.replaceCargo(
          tx,
          auth.companyId,
          id,
          input.lines.map((line) => ({
            packageCount: line.packageCount,
            packageType: line.packageType,
            description: line.description,
            hsCode: line.hsCode ?? null,
            grossWeightKg: line.grossWeightKg,
            volumeM3: line.volumeM3 ?? null,
            dangerousGoodsUnNumber: line.dangerousGoodsUnNumber ?? null,
            dangerousGoodsClass: line.dangerousGoodsClass ?? null,
            dimensions: (line.dimensions ?? []).map(({ pieces, lengthCm, widthCm, heightCm }) => ({
              pieces,
              lengthCm,
              widthCm,
              heightCm,
            })),
          })),
          input.containers.map((container) => ({
            number: container.number,
            sizeType: container.sizeType,
            seals: container.seals ?? [],
            tareKg: container.tareKg ?? null,
            verifiedGrossMassKg: container.verifiedGrossMassKg ?? null,
          })),
        );
        return {};
      },
      { cargo: true },
    );

  /** Audits a master's houses before and after a house joined or left it, in its own history. */
  const auditMasterHouses = async (
    tx: Tx,
    companyId: string,
    actor: TAuditActor,
    masterId: string,
    change: () => Promise<void>,
  ) => {
    const houses = async () => (await repository.findHouses(tx, companyId, masterId)).map((h) => h.reference);
    const before = await houses();
    await change();
    await auditTrails.shipment(tx, actor, 'update', masterId, {
      before: { houses: before },
      after: { houses: await houses() },
    });
  };

  /**
   * Consolidates the shipment as a house under a master of its mode, or moves it from its master to
   * another. The house and both masters are locked (the house first, then the masters by id), so a
   * concurrent move or detach waits; each master's history shows the house arriving or leaving.
   */
  const attachToMaster = (auth: TAuthContext, actor: TAuditActor, id: string, masterId: string) =>
    change(auth, actor, id, async (tx, before) => {
      if (masterId === id) throw fieldError('masterId', shipmentMessages.ownMaster);
      if (before.consolidation === 'master') {
        const houses = await repository.findHouses(tx, auth.companyId, id);
        throw new AppError('CONFLICT', shipmentMessages.masterCannotBeHouse(houses.length));
      }
      // The target is checked before it is locked: a shipment that is no master is refused without
      // waiting on its lock, so two direct shipments sent under each other at once cannot deadlock
      // (each holds its own row). A master stays a master, so the check holds once locked.
      const target = await repository.findShipment(tx, auth.companyId, masterId);
      if (!target) throw fieldError('masterId', shipmentMessages.masterNotFound);
      if (target.consolidation !== 'master')
        throw fieldError('masterId', shipmentMessages.notAMaster(target.reference));
      const masterIds = [...new Set([masterId, ...(before.masterId ? [before.masterId] : [])])].sort();
      const locked = new Map<string, repository.TShipmentRow>();
      for (const lockId of masterIds) {
        const row = await repository.findShipment(tx, auth.companyId, lockId, { forUpdate: true });
        if (row) locked.set(lockId, row);
      }
      const master = locked.get(masterId);
      if (!master) throw fieldError('masterId', shipmentMessages.masterNotFound);
      if (master.consolidation !== 'master')
        throw fieldError('masterId', shipmentMessages.notAMaster(master.reference));
      if (master.mode !== before.mode)
        throw fieldError(
          'masterId',
          shipmentMessages.masterOfOtherMode(master.reference, master.mode, before.mode),
        );
      if (operationalStatusOf(master) === 'cancelled')
        throw fieldError('masterId', shipmentMessages.masterCancelled(master.reference));
      if (before.masterId === masterId) return {};
      if (
        (await repository.findHouses(tx, auth.companyId, masterId)).length >= shipmentRules.housesPerMasterMax
      )
        throw new AppError('CONFLICT', shipmentMessages.masterFull(master.reference));
      // The house travels on its master's carriage: it takes the master's vessel, IMO number and
      // voyage, or its flight, where the master has them (a master without one leaves the house's).
      const carriageFields =
        master.mode === 'air'
          ? (['flightNumber'] as const)
          : (['vesselName', 'vesselImo', 'voyageNumber'] as const);
      const carriage = Object.fromEntries(
        carriageFields.filter((field) => master[field] !== null).map((field) => [field, master[field]]),
      ) as Partial<repository.TShipmentInsert>;
      const move = async () => {
        await repository.updateShipment(tx, auth.companyId, id, { consolidation: 'house', masterId });
      };
      if (before.masterId) {
        // The old master's history shows the house leaving, the new one's its arrival.
        const oldMasterId = before.masterId;
        await auditMasterHouses(tx, auth.companyId, actor, masterId, () =>
          auditMasterHouses(tx, auth.companyId, actor, oldMasterId, move),
        );
      } else await auditMasterHouses(tx, auth.companyId, actor, masterId, move);
      return { consolidation: 'house', masterId, ...carriage };
    });

  /** Takes a house out of its master: it becomes a direct shipment again. */
  const detachFromMaster = (auth: TAuthContext, actor: TAuditActor, id: string) =>
    change(auth, actor, id, async (tx, before) => {
      const { masterId } = before;
      if (before.consolidation !== 'house' || !masterId)
        throw new AppError('CONFLICT', shipmentMessages.notAHouse);
      await repository.findShipment(tx, auth.companyId, masterId, { forUpdate: true });
      await auditMasterHouses(tx, auth.companyId, actor, masterId, async () => {
        await repository.updateShipment(tx, auth.companyId, id, { consolidation: 'direct', masterId: null });
      });
      return { consolidation: 'direct', masterId: null };
    });

  /** The shipment's screen in the caller's transaction, for freight's documents; undefined when not the company's. */
  const readInTransaction = async (tx: Queryable, companyId: string, id: string, forUpdate = false) => {
    const row = await repository.findShipment(tx, companyId, id, { forUpdate });
    return row ? readView(tx, companyId, row) : undefined;
  };

  return {
    list,
    counts,
    get,
    readInTransaction,
    create,
    update,
    moveBooking,
    replaceCargo,
    attachToMaster,
    detachFromMaster,
  };
};
