// The events sub-domain's surface for the rest of freight/ (docs/decisions/048-shipment-events.md).

/** What a page of shipments' actual events reached, for their operational status. */
export { findMilestoneFacts } from './milestone-facts.ts';
/** The timeline, recording and retraction routes, registered by freight/routes.ts. */
export { registerShipmentEventRoutes } from './routes.ts';
