import { useEffect } from 'react';
import { useMatches } from 'react-router';
import type { TRouteName } from '../config/paths.ts';

/** What the browser tab and history call each screen ("Users · Cargodesk"). */
const screenTitles: Record<
  TRouteName | 'unknown',
  string | ((params: Record<string, string | undefined>) => string)
> = {
  home: 'Cargodesk',
  dashboard: 'Dashboard',
  login: 'Sign in',
  register: 'Create your account',
  forgotPassword: 'Reset your password',
  authAction: 'Your account',
  notFound: 'Page not found',
  unknown: 'Page not found',
  roleCreate: 'Create role',
  roleEdit: 'Role',
  settings: 'Settings',
  settingsProfile: 'My profile',
  settingsApiTokens: 'API tokens',
  settingsCompany: 'Company profile',
  settingsUsers: 'Users',
  settingsUserEdit: 'User',
  settingsRoles: 'Roles',
  settingsPicklist: 'Picklists',
  settingsBusinessTypes: 'Business types',
  settingsReceivingLocations: 'Receiving locations',
  settingsPorts: ({ port }) => (port === 'airport' ? 'Airports' : 'Ocean ports'),
  settingsCountries: 'Countries',
  settingsTemplates: 'Templates',
  settingsTemplateUpdate: 'Template',
  settingsCurrencies: 'Currencies',
  settingsAudit: 'Audit log',
  contacts: 'Contacts',
  contactDetail: 'Contact',
  shipments: 'Shipments',
  shipmentDetail: 'Shipment',
  reports: 'Reports',
  reportDetail: 'Report',
  admin: 'Platform console',
  adminCompanies: 'Companies · Platform console',
  adminCompany: 'Company · Platform console',
  adminAudit: 'Platform trail',
  adminCatalogue: 'Port catalogue',
  issues: 'Reported problems',
  issueDetail: 'Reported problem',
  adminIssues: 'Reported problems · Platform console',
};

const productName = 'Cargodesk';

/** The title of the deepest named route matched, as a screen would be named. */
export const documentTitleOf = (routeId: string | undefined, params: Record<string, string | undefined>) => {
  const title =
    routeId && Object.hasOwn(screenTitles, routeId) ? screenTitles[routeId as TRouteName] : undefined;
  const name = typeof title === 'function' ? title(params) : title;
  return !name || name === productName ? productName : `${name} · ${productName}`;
};

/** Keeps `document.title` to the screen on show. */
export const useDocumentTitle = () => {
  const matches = useMatches();
  const named = [...matches].reverse().find((match) => Object.hasOwn(screenTitles, match.id));
  const title = documentTitleOf(named?.id, named?.params ?? {});
  useEffect(() => {
    document.title = title;
  }, [title]);
};
