// freight's public surface: what other modules may use. Everything else in freight/ is its own.

/**
 * The Freight product's routes, registered by app.ts under /freightserver/api/v1, and the product
 * itself (audit leaves its entries out for a company without it).
 */
export { freightProduct, registerFreightRoutes } from './routes.ts';
/** The demo company's shipments (cli/demo-seed.ts). */
export { hasShipmentHistory, seedDemoShipments, type TDemoShipment } from './shipments/demo.ts';
/** The company's shipments as a report source, for companies with the Freight product (reports). */
export { shipmentsReportSource } from './shipments/report-source.ts';
/** Webhook delivery of shipment events, registered on the root instance by app.ts. */
export { registerWebhookDelivery } from './webhooks/public.ts';
