import type { FastifyInstance } from 'fastify';
import { authenticate } from '../../platform/auth/auth-context.ts';
import { registerCompanyListRoutes } from './company-lists/routes.ts';
import { registerPicklistRoutes } from './picklists/routes.ts';
import { registerPortImportRoutes } from './ports/import-routes.ts';
import { registerPortRoutes } from './ports/routes.ts';
import { registerReferenceRoutes } from './reference/routes.ts';
import { registerSettingsRoutes } from './settings/routes.ts';

/**
 * master: reference lists, the company's settings, ports and airports, picklists and company lists,
 * each a sub-domain of its own (routes → service → repository), for signed-in callers only.
 */
export const registerMasterDataRoutes = async (app: FastifyInstance) => {
  app.addHook('onRequest', authenticate(app));
  await app.register(registerReferenceRoutes);
  await app.register(registerPortRoutes);
  await app.register(registerSettingsRoutes);
  await app.register(registerPicklistRoutes);
  await app.register(registerPortImportRoutes);
  await app.register(registerCompanyListRoutes);
};
