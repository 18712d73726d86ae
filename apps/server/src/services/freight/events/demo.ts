import type { Queryable } from '../../../db/client.ts';
import { shipmentEvents } from '../../../db/schema/index.ts';
import { createId } from '../../../platform/data-access/ids.ts';

// The demo company's milestones: what its shipments' actual dates say happened, as the events a
// forwarder would have recorded, and a late arrival estimate on those still at sea or in the air.

type TDemoRow = {
  id: string;
  mode: string;
  bookingStatus: string;
  portOfLoading: string | null;
  portOfDischarge: string | null;
  plannedDeparture: Date | null;
  actualDeparture: Date | null;
  plannedArrival: Date | null;
  actualArrival: Date | null;
};

const hour = 3_600_000;

/** Writes the events of the demo shipments given, in one statement. */
export const seedDemoEvents = async (
  tx: Queryable,
  { companyId, userId }: { companyId: string; userId: string | null },
  shipments: TDemoRow[],
  firstContainerOf: (shipmentId: string) => string | undefined,
) => {
  const now = Date.now();
  const events: (typeof shipmentEvents.$inferInsert)[] = [];
  const add = (
    shipment: TDemoRow,
    code: string,
    classifier: 'PLN' | 'EST' | 'ACT',
    at: number,
    location: string | null,
    containerNumber: string | null = null,
  ) => {
    if (classifier === 'ACT' && at > now) return;
    const eventType =
      shipment.mode === 'air'
        ? 'AIR'
        : containerNumber
          ? 'EQUIPMENT'
          : code === 'CONF'
            ? 'SHIPMENT'
            : 'TRANSPORT';
    events.push({
      companyId,
      id: createId(),
      shipmentId: shipment.id,
      eventType,
      eventCode: code,
      classifier,
      eventAt: new Date(at),
      location,
      containerNumber,
      source: 'person',
      recordedBy: userId,
    });
  };
  for (const shipment of shipments) {
    const isAir = shipment.mode === 'air';
    const container = isAir ? undefined : firstContainerOf(shipment.id);
    const departure = shipment.actualDeparture?.getTime();
    const loading = shipment.portOfLoading;
    const discharge = shipment.portOfDischarge;
    if (shipment.bookingStatus === 'CONFIRMED' && shipment.plannedDeparture)
      add(
        shipment,
        isAir ? 'BKD' : 'CONF',
        'ACT',
        shipment.plannedDeparture.getTime() - 240 * hour,
        isAir ? loading : null,
      );
    if (departure === undefined) continue;
    if (isAir) add(shipment, 'RCS', 'ACT', departure - 20 * hour, loading);
    else if (container) {
      add(shipment, 'GTIN', 'ACT', departure - 48 * hour, loading, container);
      add(shipment, 'LOAD', 'ACT', departure - 6 * hour, loading, container);
    }
    add(shipment, isAir ? 'DEP' : 'DEPA', 'ACT', departure, loading);
    const arrival = shipment.actualArrival?.getTime();
    if (arrival !== undefined) {
      add(shipment, isAir ? 'ARR' : 'ARRI', 'ACT', arrival, discharge);
      if (isAir) add(shipment, 'RCF', 'ACT', arrival + 3 * hour, discharge);
      else if (container) add(shipment, 'DISC', 'ACT', arrival + 8 * hour, discharge, container);
    } else if (shipment.plannedArrival)
      // Still under way, and running a day behind the plan.
      add(shipment, isAir ? 'ARR' : 'ARRI', 'EST', shipment.plannedArrival.getTime() + 24 * hour, discharge);
  }
  if (events.length > 0) await tx.insert(shipmentEvents).values(events);
  return events.length;
};
