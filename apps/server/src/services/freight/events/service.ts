import {
  isEquipmentCode,
  isPlaceOptional,
  milestoneCodeOf,
  milestoneSteps,
  shipmentEventRules,
  type TMilestoneClassifier,
  type TShipmentEvent,
  type TShipmentEventSource,
  type TShipmentTimeline,
  type TShipmentTimelineStep,
  type ZShipmentEventInput,
} from '@cargodesk/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/unique-violation.ts';
import type { TAuthContext } from '../../../platform/auth/auth-context.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import { withTenant, withTenantRead } from '../../../platform/data-access/tenant-transaction.ts';
import { auditTrails, type TAuditActor } from '../../../platform/events/audit.ts';
import type { TDomainEvents } from '../../../platform/events/domain-events.ts';
import { AppError, fieldError } from '../../../platform/http/errors.ts';
import type { TLocation, TLocationLookup } from '../../master-data/public.ts';
import * as cargoRepository from '../cargo/repository.ts';
import * as shipmentsRepository from '../shipments/repository.ts';
import { dcsaEventOf } from './dcsa-event.ts';
import * as repository from './repository.ts';

// A shipment's events (docs/decisions/048-shipment-events.md): recorded one at a time in the
// shipment's transaction with its history entry, never changed; a retraction takes one back. The
// code must be of the shipment's mode, the place a port or airport of the catalogues, and an
// equipment event's container one of the shipment's.

export const eventMessages = {
  shipmentNotFound: 'No such shipment in your company',
  eventNotFound: 'No such event on this shipment',
  codeOfOtherMode: (code: string, mode: string) =>
    mode === 'air'
      ? `${code} is a DCSA code for sea shipments: an air shipment takes IATA status codes (DEP, ARR …)`
      : `${code} is an IATA code for air shipments: a sea shipment takes DCSA event codes (DEPA, ARRI …)`,
  locationRequired: 'is required: say at which port or airport it happens',
  location: (code: string, kind: string) =>
    `${code} is not ${kind} in the catalogue or your company's own list`,
  containerRequired: (code: string) => `is required: ${code} is an equipment event, about one container`,
  containerNotOnShipment: (number: string) => `${number} is not a container of this shipment`,
  containerNotForCode: (code: string) => `does not apply: ${code} is not an equipment event`,
  piecesNotForSea: 'are counted for air shipments; a sea event names its container',
  tooManyEvents: `This shipment already holds ${shipmentEventRules.eventsPerShipmentMax} events, the most one may`,
  retractionOfRetraction: 'This is a retraction: record the event again instead of retracting its retraction',
  alreadyRetracted: 'This event is already retracted',
} as const;

type TEventInput = z.output<typeof ZShipmentEventInput>;

const shipmentNotFound = () => new AppError('NOT_FOUND', eventMessages.shipmentNotFound);

const sourceOf = (auth: TAuthContext): TShipmentEventSource => (auth.apiToken ? 'api' : 'person');

/**
 * An event as the API shows it. Its zone is the one recorded with it; an event written without one
 * (the demo's, a company port with no zone then) takes its place's zone now.
 */
const eventView = (
  row: repository.TEventRow,
  retractedBy: string | null,
  places: Map<string, TLocation>,
): TShipmentEvent => {
  const code = milestoneCodeOf(row.eventCode);
  return {
    _id: row.id,
    code: row.eventCode,
    label: code?.label ?? row.eventCode,
    eventType: row.eventType as TShipmentEvent['eventType'],
    classifier: row.classifier,
    eventAt: row.eventAt.toISOString(),
    location: row.location
      ? {
          code: row.location,
          name: places.get(row.location)?.name ?? row.location,
          timezone: row.timezone ?? places.get(row.location)?.timezone ?? null,
        }
      : null,
    containerNumber: row.containerNumber,
    pieces: row.pieces,
    note: row.note,
    source: row.source,
    recordedAt: row.recordedAt.toISOString(),
    recordedBy: { _id: row.recordedBy, email: row.recordedByEmail },
    retractsEventId: row.retractsEventId,
    retractedByEventId: retractedBy,
  };
};

/** What the shipment's history says of an event: one readable line, and its facts. */
const auditedEvent = (row: repository.TEventRow) => {
  const label = milestoneCodeOf(row.eventCode)?.label ?? row.eventCode;
  const classifier = { PLN: 'planned', EST: 'estimated', ACT: 'actual' }[row.classifier];
  return {
    name: [`${label} (${row.eventCode}), ${classifier}`, row.location, row.containerNumber]
      .filter(Boolean)
      .join(', '),
    code: row.eventCode,
    classifier: row.classifier,
    eventAt: row.eventAt.toISOString(),
    location: row.location,
    containerNumber: row.containerNumber,
  };
};

export type TEventsServiceDependencies = {
  db: Db;
  locations: TLocationLookup;
  /** Told of every event in its transaction (webhooks queue it there, docs/decisions/052-webhooks.md). */
  domainEvents: Pick<TDomainEvents, 'emit'>;
};

export const createEventsService = ({ db, locations, domainEvents }: TEventsServiceDependencies) => {
  /** Tells the modules that listen, in the event's own transaction, so nothing is told of a rollback. */
  const announce = async (
    tx: Queryable,
    row: repository.TEventRow,
    shipment: Awaited<ReturnType<typeof shipmentsRepository.findShipment>> & object,
    locationName: string | null,
  ) =>
    domainEvents.emit(tx, {
      type: 'shipment-event-recorded',
      companyId: row.companyId,
      eventId: row.id,
      shipmentId: row.shipmentId,
      dcsaEvent: dcsaEventOf(row, shipment, locationName) ?? null,
    });

  const kindOf = (mode: string) => (mode === 'air' ? ('airport' as const) : ('oceanport' as const));

  const findShipment = async (tx: Queryable, companyId: string, id: string, forUpdate = false) => {
    const shipment = await shipmentsRepository.findShipment(tx, companyId, id, { forUpdate });
    if (!shipment) throw shipmentNotFound();
    return shipment;
  };

  /** The places by code, for names and zones; a code retired since shows as its code. */
  const placesOf = async (tx: Queryable, companyId: string, mode: string, codes: (string | null)[]) => {
    const found = new Map<string, TLocation>();
    for (const code of new Set(codes.filter((value): value is string => Boolean(value)))) {
      const location = await locations.findLocation(tx, companyId, kindOf(mode), code);
      if (location) found.set(code, location);
    }
    return found;
  };

  /** The timeline inside the caller's transaction: also the public tracking page's (tracking/). */
  const timelineIn = async (
    tx: Queryable,
    companyId: string,
    shipmentId: string,
  ): Promise<TShipmentTimeline> => {
    const shipment = await findShipment(tx, companyId, shipmentId);
    const rows = await repository.findEvents(tx, companyId, shipmentId);
    const containers = await cargoRepository.findContainers(tx, companyId, [shipmentId]);
    const mode = shipment.mode === 'air' ? 'air' : 'sea';
    const steps = milestoneSteps[mode];
    const places = await placesOf(tx, companyId, mode, [
      ...rows.map((row) => row.location),
      ...steps.map((step) => (step.place ? shipment[step.place] : null)),
    ]);
    const retractedBy = new Map(
      rows.flatMap((row) => (row.retractsEventId ? [[row.retractsEventId, row.id] as const] : [])),
    );
    const standing = rows.filter((row) => row.retractsEventId === null && !retractedBy.has(row.id));
    // The latest recorded of each code and classifier stands for the step: a new estimate replaces
    // the one before it, whatever time either names.
    const latest = (code: string, classifier: TMilestoneClassifier) => {
      const matching = standing
        .filter((row) => row.eventCode === code && row.classifier === classifier)
        .sort((a, b) => b.recordedAt.getTime() - a.recordedAt.getTime());
      const row = matching[0];
      const timezone = row?.timezone ?? (row?.location ? places.get(row.location)?.timezone : null) ?? null;
      return row ? { eventId: row.id, eventAt: row.eventAt.toISOString(), timezone } : null;
    };
    const placeOf = (code: string | null) => {
      if (!code) return null;
      const place = places.get(code);
      return { code, name: place?.name ?? code, timezone: place?.timezone ?? null };
    };
    // The shipment's own planned dates count as the plan until a planned event says otherwise.
    const plannedOfShipment = (status: string) => {
      const at =
        status === 'departed'
          ? shipment.plannedDeparture
          : status === 'arrived'
            ? shipment.plannedArrival
            : null;
      if (!at) return null;
      const field = status === 'departed' ? 'portOfLoading' : 'portOfDischarge';
      return {
        eventId: null,
        eventAt: at.toISOString(),
        timezone: placeOf(shipment[field])?.timezone ?? null,
      };
    };
    const stepViews: TShipmentTimelineStep[] = steps.map((step) => ({
      status: step.status,
      code: step.code,
      label: milestoneCodeOf(step.code)?.label ?? step.code,
      place: placeOf(step.place ? shipment[step.place] : null),
      planned: latest(step.code, 'PLN') ?? plannedOfShipment(step.status),
      estimated: latest(step.code, 'EST'),
      actual: latest(step.code, 'ACT'),
    }));
    return {
      steps: stepViews,
      events: rows.map((row) => eventView(row, retractedBy.get(row.id) ?? null, places)),
      containerNumbers: containers.map((container) => container.number),
    };
  };

  const timeline = async (auth: TAuthContext, shipmentId: string): Promise<TShipmentTimeline> =>
    withTenantRead(db, auth.companyId, (tx) => timelineIn(tx, auth.companyId, shipmentId));

  const record = async (
    auth: TAuthContext,
    actor: TAuditActor,
    shipmentId: string,
    input: TEventInput,
  ): Promise<TShipmentEvent> =>
    withTenant(db, auth.companyId, async (tx) => {
      // Locked, so the count of its events and its containers hold until this event is written.
      const shipment = await findShipment(tx, auth.companyId, shipmentId, true);
      const mode = shipment.mode === 'air' ? 'air' : 'sea';
      const code = milestoneCodeOf(input.code);
      if (!code) throw fieldError('code', 'must be a DCSA event code or an IATA status code');
      if (code.mode !== mode) throw fieldError('code', eventMessages.codeOfOtherMode(input.code, mode));
      let location: TLocation | undefined;
      if (input.location) {
        location = await locations.findLocation(tx, auth.companyId, kindOf(mode), input.location);
        if (!location)
          throw fieldError(
            'location',
            eventMessages.location(input.location, mode === 'air' ? 'an airport' : 'an ocean port'),
          );
      } else if (!isPlaceOptional(input.code)) throw fieldError('location', eventMessages.locationRequired);
      if (isEquipmentCode(input.code)) {
        if (!input.containerNumber)
          throw fieldError('containerNumber', eventMessages.containerRequired(input.code));
        const containers = await cargoRepository.findContainers(tx, auth.companyId, [shipmentId]);
        if (!containers.some((container) => container.number === input.containerNumber))
          throw fieldError('containerNumber', eventMessages.containerNotOnShipment(input.containerNumber));
      } else if (input.containerNumber)
        throw fieldError('containerNumber', eventMessages.containerNotForCode(input.code));
      if (mode === 'sea' && input.pieces) throw fieldError('pieces', eventMessages.piecesNotForSea);
      if (
        (await repository.countEvents(tx, auth.companyId, shipmentId)) >=
        shipmentEventRules.eventsPerShipmentMax
      )
        throw new AppError('CONFLICT', eventMessages.tooManyEvents);
      const row = await repository.insertEvent(tx, {
        companyId: auth.companyId,
        id: createId(),
        shipmentId,
        eventType: code.eventType,
        eventCode: input.code,
        classifier: input.classifier,
        eventAt: new Date(input.eventAt),
        location: input.location ?? null,
        timezone: location?.timezone ?? null,
        containerNumber: input.containerNumber ?? null,
        pieces: input.pieces ?? null,
        note: input.note || null,
        source: sourceOf(auth),
        recordedBy: auth.userId,
        recordedByEmail: auth.user.email,
      });
      await auditTrails.shipment(tx, actor, 'update', shipmentId, {
        after: { recordedEvent: auditedEvent(row) },
      });
      await announce(tx, row, shipment, location?.name ?? null);
      return eventView(row, null, new Map(location ? [[location.code, location]] : []));
    });

  /** Takes an event back with a retraction row pointing at it; the event itself stays as it was. */
  const retract = async (
    auth: TAuthContext,
    actor: TAuditActor,
    shipmentId: string,
    eventId: string,
    reason: string,
  ): Promise<TShipmentEvent> =>
    withTenant(db, auth.companyId, async (tx) => {
      const shipment = await findShipment(tx, auth.companyId, shipmentId, true);
      const event = await repository.findEvent(tx, auth.companyId, shipmentId, eventId);
      if (!event) throw new AppError('NOT_FOUND', eventMessages.eventNotFound);
      if (event.retractsEventId) throw new AppError('CONFLICT', eventMessages.retractionOfRetraction);
      if (await repository.findRetractionOf(tx, auth.companyId, eventId))
        throw new AppError('CONFLICT', eventMessages.alreadyRetracted);
      const row = await repository
        .insertEvent(tx, {
          companyId: auth.companyId,
          id: createId(),
          shipmentId,
          eventType: event.eventType,
          eventCode: event.eventCode,
          classifier: event.classifier,
          eventAt: event.eventAt,
          location: event.location,
          timezone: event.timezone,
          containerNumber: event.containerNumber,
          pieces: event.pieces,
          note: reason,
          source: sourceOf(auth),
          recordedBy: auth.userId,
          recordedByEmail: auth.user.email,
          retractsEventId: eventId,
        })
        .catch((error: unknown) => {
          // Shipment locked, so only a retraction outside this path could race; the key still holds.
          if (isUniqueViolation(error)) throw new AppError('CONFLICT', eventMessages.alreadyRetracted);
          throw error;
        });
      await auditTrails.shipment(tx, actor, 'update', shipmentId, {
        after: { retractedEvent: auditedEvent(event), retractionReason: reason },
      });
      const places = await placesOf(tx, auth.companyId, event.eventType === 'AIR' ? 'air' : 'sea', [
        row.location,
      ]);
      await announce(tx, row, shipment, row.location ? (places.get(row.location)?.name ?? null) : null);
      return eventView(row, null, places);
    });

  return { timeline, timelineIn, record, retract };
};
