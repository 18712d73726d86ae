import { ZShipmentSavedFilterInput } from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import { registerSavedFilterRoutes } from '../../../platform/saved-filters/saved-filter-routes.ts';
import { createSavedFiltersService } from '../../../platform/saved-filters/saved-filters-service.ts';
import { findUserDisplayNames } from '../../access/public.ts';

/**
 * The shipments list's saved filters, as the contacts list has them: anyone who reads shipments
 * keeps their own; sharing with the company, or deleting a colleague's shared one, needs shipments:write.
 */
export const registerShipmentSavedFilterRoutes = async (app: FastifyInstance) => {
  registerSavedFilterRoutes(app, {
    path: '/shipment-filters',
    noun: 'shipment',
    readPermission: 'shipments:read',
    input: ZShipmentSavedFilterInput,
    service: createSavedFiltersService({
      db: app.database.db,
      list: 'shipments',
      sharePermission: 'shipments:write',
      auditEntity: 'shipment-filter',
      findOwnerNames: findUserDisplayNames,
    }),
  });
};
