import type { FastifyInstance } from 'fastify';
import { createSealer } from '../../../platform/auth/sealed-secrets.ts';
import { getOrCreateSecret } from '../../../platform/auth/secrets.ts';
import { createId } from '../../../platform/data-access/ids.ts';
import { createWebhookWorker } from './delivery-worker.ts';
import * as repository from './repository.ts';

/** The key that seals endpoint secrets, in app_secrets beside single sign-on's. */
export const webhookSecretKeyName = 'webhook-secret-key';

/**
 * Webhook delivery, on the root instance (docs/decisions/052-webhooks.md): every shipment event is
 * queued for the company's endpoints that asked for its type, in the event's own transaction, and
 * the worker sends the queue.
 */
export const registerWebhookDelivery = async (app: FastifyInstance) => {
  const { webhooks } = app.config;
  const sealer = createSealer(await getOrCreateSecret(app.database.db, webhookSecretKeyName));
  const worker = createWebhookWorker({
    db: app.database.db,
    sealer,
    logger: app.log.child({ module: 'webhooks' }),
    options: webhooks,
  });
  app.domainEvents.on('shipment-event-recorded', async (tx, event) => {
    // Air events have no DCSA shape and no webhook yet.
    if (!event.dcsaEvent) return;
    const endpoints = await repository.findSubscribedEndpoints(
      tx,
      event.companyId,
      event.dcsaEvent.eventType,
    );
    await repository.insertDeliveries(
      tx,
      endpoints.map((endpoint) => ({
        companyId: event.companyId,
        id: createId(),
        endpointId: endpoint.id,
        eventId: event.eventId,
        eventType: event.dcsaEvent?.eventType ?? '',
        payload: event.dcsaEvent ?? {},
      })),
    );
  });
  app.addHook('onReady', async () => worker.start());
  // preClose, not onClose: the worker must stop before the database closes.
  app.addHook('preClose', async () => worker.stop());
};
