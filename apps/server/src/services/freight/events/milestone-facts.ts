import { holdCodes, milestoneFactsOf, progressStatusOfCode, type TMilestoneFacts } from '@cargodesk/shared';
import type { Queryable } from '../../../db/client.ts';
import * as repository from './repository.ts';

// The operational status's part the events give (decision 048): for a page of shipments, one
// read of their standing actual events, never a column on the shipment to keep in step.

const statusCodes = [...progressStatusOfCode.keys(), holdCodes.hold, holdCodes.release];

/** Each shipment's facts; a shipment without actual events is not in the map. */
export const findMilestoneFacts = async (
  db: Queryable,
  companyId: string,
  shipmentIds: string[],
): Promise<Map<string, TMilestoneFacts>> => {
  const rows = await repository.findStandingActualEvents(db, companyId, shipmentIds, statusCodes);
  const byShipment = new Map<string, typeof rows>();
  for (const row of rows) byShipment.set(row.shipmentId, [...(byShipment.get(row.shipmentId) ?? []), row]);
  return new Map([...byShipment].map(([shipmentId, events]) => [shipmentId, milestoneFactsOf(events)]));
};
