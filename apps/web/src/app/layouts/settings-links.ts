import { paths } from '@/config/paths.ts';
import type { TPermissionNeed } from '@/lib/auth/permissions.ts';

// Each link names the permission its screen needs (any one of a list), so the settings menu and
// the command palette offer only the screens a user's roles open. It only tidies the menus: a
// screen opened by its address shows the 403 card, and the API refuses its data anyway.
export const settingsLinks: { href: string; label: string; permission?: TPermissionNeed }[] = [
  { href: paths.settingsProfile.href(), label: 'My profile' },
  // Anyone may make tokens: each holds only permissions its owner has.
  { href: paths.settingsApiTokens.href(), label: 'API tokens' },
  { href: paths.settingsCompany.href(), label: 'Company profile', permission: 'company:read' },
  { href: paths.settingsUsers.href(), label: 'Users', permission: 'users:read' },
  { href: paths.settingsRoles.href(), label: 'Roles', permission: ['roles:read', 'users:read'] },
  { href: paths.settingsPicklist.href(), label: 'Picklists', permission: 'picklists:read' },
  { href: paths.settingsBusinessTypes.href(), label: 'Business types', permission: 'picklists:read' },
  { href: paths.settingsPorts.href({ port: 'oceanport' }), label: 'Ocean ports', permission: 'ports:read' },
  { href: paths.settingsPorts.href({ port: 'airport' }), label: 'Airports', permission: 'ports:read' },
  {
    href: paths.settingsReceivingLocations.href(),
    label: 'Receiving locations',
    permission: 'ports:read',
  },
  { href: paths.settingsCountries.href(), label: 'Countries', permission: 'countries:read' },
  { href: paths.settingsTemplates.href(), label: 'Templates', permission: 'templates:read' },
  { href: paths.settingsCurrencies.href(), label: 'Currencies', permission: 'currencies:read' },
  { href: paths.settingsAudit.href(), label: 'Audit log', permission: 'audit:read' },
];
