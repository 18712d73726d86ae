/**
 * Every route of docs/product.md §2 by name. Code navigates by name (`paths.dashboard.href()`), and the route
 * table uses the names as route ids, so a route and its links cannot drift apart.
 */
export const paths = {
  home: { path: '/', href: () => '/' },
  dashboard: { path: '/dashboard', href: () => '/dashboard' },
  login: {
    path: '/login',
    href: ({ redirectTo }: { redirectTo?: string | null } = {}) =>
      redirectTo ? `/login?redirect_uri=${encodeURIComponent(redirectTo)}` : '/login',
  },
  register: { path: '/register', href: () => '/register' },
  forgotPassword: { path: '/forgot-password', href: () => '/forgot-password' },
  authAction: { path: '/auth/action', href: () => '/auth/action' },
  notFound: { path: '/notFound', href: () => '/notFound' },
  roleCreate: { path: '/accounts/roles/create/', href: () => '/accounts/roles/create/' },
  roleEdit: { path: '/settings/roles/:id', href: ({ id }: { id: string }) => `/settings/roles/${id}` },
  settings: { path: '/settings', href: () => '/settings' },
  settingsProfile: { path: '/settings/profile', href: () => '/settings/profile' },
  settingsApiTokens: { path: '/settings/api-tokens', href: () => '/settings/api-tokens' },
  settingsCompany: { path: '/settings/company', href: () => '/settings/company' },
  settingsUsers: { path: '/settings/users', href: () => '/settings/users' },
  settingsUserEdit: {
    path: '/settings/users/:id',
    href: ({ id }: { id: string }) => `/settings/users/${id}`,
  },
  settingsRoles: { path: '/settings/roles', href: () => '/settings/roles' },
  settingsPicklist: { path: '/settings/picklist', href: () => '/settings/picklist' },
  settingsBusinessTypes: { path: '/settings/business-types', href: () => '/settings/business-types' },
  settingsReceivingLocations: {
    path: '/settings/receiving-locations',
    href: () => '/settings/receiving-locations',
  },
  settingsPorts: {
    path: '/settings/:port',
    href: ({ port = 'oceanport' }: { port?: string } = {}) => `/settings/${port}`,
  },
  settingsCountries: { path: '/settings/countries', href: () => '/settings/countries' },
  settingsTemplates: { path: '/settings/templates', href: () => '/settings/templates' },
  settingsTemplateUpdate: {
    path: '/settings/templates/:id/:type',
    href: ({ id, type }: { id: string; type: string }) => `/settings/templates/${id}/${type}`,
  },
  settingsCurrencies: { path: '/settings/currencies', href: () => '/settings/currencies' },
  settingsAudit: { path: '/settings/audit', href: () => '/settings/audit' },
  contacts: { path: '/contacts', href: () => '/contacts' },
  contactDetail: { path: '/contacts/:id', href: ({ id }: { id: string }) => `/contacts/${id}` },
  shipments: { path: '/shipments', href: () => '/shipments' },
  shipmentDetail: {
    path: '/shipments/:id',
    href: ({ id }: { id: string }) => `/shipments/${encodeURIComponent(id)}`,
  },
  reports: { path: '/reports', href: () => '/reports' },
  reportDetail: { path: '/reports/:id', href: ({ id }: { id: string }) => `/reports/${id}` },
  // The platform console: its screens open only for platform administrators.
  admin: { path: '/admin', href: () => '/admin' },
  adminCompanies: { path: '/admin/companies', href: () => '/admin/companies' },
  adminCompany: {
    path: '/admin/companies/:id',
    href: ({ id }: { id: string }) => `/admin/companies/${encodeURIComponent(id)}`,
  },
  adminAudit: { path: '/admin/audit', href: () => '/admin/audit' },
  adminCatalogue: { path: '/admin/catalogue', href: () => '/admin/catalogue' },
  issues: { path: '/issues', href: () => '/issues' },
  issueDetail: { path: '/issues/:id', href: ({ id }: { id: string }) => `/issues/${id}` },
  /** The platform console's issues: every company's, for platform admins only. */
  adminIssues: { path: '/admin/issues', href: () => '/admin/issues' },
} as const;

export type TRouteName = keyof typeof paths;

/** Routes open without a session (docs/product.md §2); every other route needs the token cookie. */
export const publicRouteNames = new Set<TRouteName>(['login', 'register', 'forgotPassword', 'authAction']);

/** The identity provider reporting "signed out" sends the user to login except from these paths (docs/product.md §2). */
export const signedOutStayPaths = new Set(['/', '/login', '/register']);

const openPaths = new Set([...signedOutStayPaths, paths.forgotPassword.path, paths.authAction.path]);

/** Whether a path belongs to a route that needs the session (every route but the open ones). */
export const isProtectedPath = (pathname: string) => !openPaths.has(pathname);
