// The webhooks sub-domain's surface for the rest of freight/ (docs/decisions/052-webhooks.md).

/** Queues shipment events for the company's endpoints and runs the delivery worker (app.ts, via freight/public.ts). */
export { registerWebhookDelivery } from './plugin.ts';
/** The endpoint and delivery log routes, registered by freight/routes.ts. */
export { registerWebhookRoutes } from './routes.ts';
