import {
  checkAirWaybillNumber,
  checkContainerNumber,
  incotermRefusal,
  loadTypesOfMode,
  type TBookingStatus,
  type TIncotermRule,
  type TShipmentMode,
  type TShipmentPartyRole,
} from '@cargodesk/shared';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { shipmentReferenceCounters } from '../../../db/schema/index.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import * as cargoRepository from '../cargo/repository.ts';
import { seedDemoEvents } from '../events/public.ts';
import { defaultReferencePatterns, formatReference, referenceScopeOf, yearIn } from './reference-pattern.ts';
import * as repository from './repository.ts';

// The demo company's shipments, written in the caller's transaction in a few statements: the
// service's one transaction per shipment, cargo and booking move took most of a first start. Their
// milestones come with them (events/demo.ts).

export type TDemoShipment = {
  mode: TShipmentMode;
  direction: 'export' | 'import' | 'cross-trade';
  loadType: 'fcl' | 'lcl' | 'break-bulk' | 'loose' | 'uld';
  bookingStatus: TBookingStatus;
  incoterm?: TIncotermRule;
  incotermPlace?: string;
  portOfLoading: string;
  portOfDischarge: string;
  placeOfReceipt?: string;
  placeOfDelivery?: string;
  vesselName?: string;
  vesselImo?: string;
  voyageNumber?: string;
  flightNumber?: string;
  billOfLadingNumber?: string;
  airWaybillNumber?: string;
  plannedDeparture: Date;
  actualDeparture?: Date;
  plannedArrival: Date;
  actualArrival?: Date;
  notes?: string;
  marks?: string;
  parties: Partial<Record<TShipmentPartyRole, string>>;
  lines: cargoRepository.TCargoLineInsert[];
  containers: cargoRepository.TContainerInsert[];
};

/** Whether the company has ever numbered a shipment: then the demo leaves its shipments alone. */
export const hasShipmentHistory = async (tx: Queryable, companyId: string) =>
  (
    await tx
      .select({ scope: shipmentReferenceCounters.scope })
      .from(shipmentReferenceCounters)
      .where(eq(shipmentReferenceCounters.companyId, companyId))
      .limit(1)
  ).length > 0;

/**
 * Writes the demo shipments with their references, parties and cargo; refuses, as the service
 * would, a load type, Incoterms rule, container or air waybill number that does not check.
 */
export const seedDemoShipments = async (
  tx: Queryable,
  { companyId, userId, timezone }: { companyId: string; userId: string | null; timezone: string | null },
  demos: TDemoShipment[],
) => {
  const now = new Date();
  const year = yearIn(now, timezone);
  const rows: repository.TShipmentInsert[] = [];
  const parties: { companyId: string; shipmentId: string; role: string; organisationId: string }[] = [];
  const lines: Parameters<typeof cargoRepository.insertCargo>[1] = [];
  const containers: Parameters<typeof cargoRepository.insertCargo>[2] = [];
  for (const demo of demos) {
    if (!loadTypesOfMode[demo.mode].includes(demo.loadType))
      throw new Error(`${demo.loadType} by ${demo.mode}`);
    if (demo.incoterm && incotermRefusal(demo.incoterm, demo.mode))
      throw new Error(`${demo.incoterm} by ${demo.mode}`);
    const awb = demo.airWaybillNumber ? checkAirWaybillNumber(demo.airWaybillNumber) : undefined;
    if (awb && !awb.ok) throw new Error(`${demo.airWaybillNumber}: ${awb.message}`);
    const id = createId();
    const pattern = defaultReferencePatterns[demo.mode];
    const number = await repository.takeReferenceNumber(tx, companyId, referenceScopeOf(pattern, year));
    const reference = formatReference(pattern, year, number);
    const containerNumbers = demo.containers.map((container) => {
      const checked = checkContainerNumber(container.number);
      if (!checked.ok) throw new Error(`${container.number}: ${checked.message}`);
      return checked.value;
    });
    rows.push({
      companyId,
      id,
      reference,
      mode: demo.mode,
      direction: demo.direction,
      loadType: demo.loadType,
      consolidation: 'direct',
      bookingStatus: demo.bookingStatus,
      incoterm: demo.incoterm ?? null,
      incotermPlace: demo.incotermPlace ?? null,
      placeOfReceipt: demo.placeOfReceipt ?? null,
      portOfLoading: demo.portOfLoading,
      portOfDischarge: demo.portOfDischarge,
      placeOfDelivery: demo.placeOfDelivery ?? null,
      vesselName: demo.vesselName ?? null,
      vesselImo: demo.vesselImo ?? null,
      voyageNumber: demo.voyageNumber ?? null,
      flightNumber: demo.flightNumber ?? null,
      billOfLadingNumber: demo.billOfLadingNumber ?? null,
      airWaybillNumber: awb?.ok ? awb.value : null,
      plannedDeparture: demo.plannedDeparture,
      actualDeparture: demo.actualDeparture ?? null,
      plannedArrival: demo.plannedArrival,
      actualArrival: demo.actualArrival ?? null,
      notes: demo.notes ?? null,
      marks: demo.marks ?? null,
      searchText: [
        reference,
        demo.billOfLadingNumber,
        awb?.ok ? awb.value : undefined,
        awb?.ok ? awb.value.replace('-', '') : undefined,
        ...containerNumbers,
      ]
        .filter(Boolean)
        .join(' ')
        .toLowerCase(),
      createdAt: now,
      updatedAt: now,
      createdBy: userId,
      updatedBy: userId,
    });
    for (const [role, organisationId] of Object.entries(demo.parties))
      if (organisationId) parties.push({ companyId, shipmentId: id, role, organisationId });
    lines.push(
      ...demo.lines.map((line, index) => ({ ...line, companyId, shipmentId: id, position: index + 1 })),
    );
    containers.push(
      ...demo.containers.map((container, index) => ({
        ...container,
        number: containerNumbers[index] as string,
        companyId,
        shipmentId: id,
        position: index + 1,
      })),
    );
  }
  if (rows.length === 0) return 0;
  await repository.insertShipments(tx, rows);
  await repository.insertParties(tx, parties);
  await cargoRepository.insertCargo(tx, lines, containers);
  await seedDemoEvents(
    tx,
    { companyId, userId },
    rows.map((row) => ({
      id: row.id,
      mode: row.mode,
      bookingStatus: row.bookingStatus,
      portOfLoading: row.portOfLoading ?? null,
      portOfDischarge: row.portOfDischarge ?? null,
      plannedDeparture: row.plannedDeparture ?? null,
      actualDeparture: row.actualDeparture ?? null,
      plannedArrival: row.plannedArrival ?? null,
      actualArrival: row.actualArrival ?? null,
    })),
    (shipmentId) => containers.find((container) => container.shipmentId === shipmentId)?.number,
  );
  return rows.length;
};
