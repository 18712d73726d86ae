import type { FastifyInstance } from 'fastify';
import { authenticate } from '../../platform/auth/auth-context.ts';
import { createProductGate } from '../access/public.ts';
import { registerChargeRoutes } from './charges/routes.ts';
import { registerDocumentRoutes } from './documents/routes.ts';
import { registerShipmentEventRoutes } from './events/public.ts';
import { registerReferenceSettingsRoutes } from './shipments/reference-settings-routes.ts';
import { registerShipmentRoutes } from './shipments/routes.ts';
import { registerShipmentSavedFilterRoutes } from './shipments/saved-filters.ts';
import { registerPublicTrackingRoutes, registerTrackingLinkRoutes } from './tracking/public.ts';
import { registerWebhookRoutes } from './webhooks/public.ts';

/** The Freight product, as the products catalogue names it (migration 0003). */
export const freightProduct = { code: 'freight', name: 'Freight' } as const;

/**
 * freightserver (docs/decisions/043-shipments-model.md): the Freight product's shipments. A company
 * without the product finds no route here (404), checked right after sign-in, before the route's
 * permission and input.
 */
export const registerFreightRoutes = async (app: FastifyInstance) => {
  // A shared shipment's tracking page takes its link's token, not a sign-in (tracking/).
  await app.register(registerPublicTrackingRoutes);
  await app.register(registerSignedInFreightRoutes);
};

const registerSignedInFreightRoutes = async (app: FastifyInstance) => {
  const gate = createProductGate({ db: app.database.db, changes: app.changes });
  app.addHook('onRequest', authenticate(app));
  app.addHook('onRequest', async (request) => {
    await gate.assertCompanyHasProduct(request.caller.companyId, freightProduct);
  });
  await app.register(registerShipmentRoutes);
  await app.register(registerChargeRoutes);
  await app.register(registerShipmentEventRoutes);
  await app.register(registerDocumentRoutes);
  await app.register(registerReferenceSettingsRoutes);
  await app.register(registerShipmentSavedFilterRoutes);
  await app.register(registerTrackingLinkRoutes);
  await app.register(registerWebhookRoutes);
};
