// The events sub-domain's surface for the rest of freight/ (docs/decisions/048-shipment-events.md).

/** The demo company's milestones, written with its shipments (shipments/demo.ts). */
export { seedDemoEvents } from './demo.ts';
/** What a page of shipments' actual events reached, for their operational status. */
export { findMilestoneFacts } from './milestone-facts.ts';
/** The timeline, recording and retraction routes, registered by freight/routes.ts. */
export { registerShipmentEventRoutes } from './routes.ts';
/** The events service: the tracking page reads a shipment's timeline through its `timelineIn`. */
export { createEventsService, type TEventsServiceDependencies } from './service.ts';
