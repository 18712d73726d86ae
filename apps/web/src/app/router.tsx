import { createBrowserRouter, type NonIndexRouteObject, type RouteObject, redirect } from 'react-router';
import { paths, type TRouteName } from '../config/paths.ts';
import { alwaysRevalidate, logOutUnlessTwoFactor, redirectSignedIn, requireSession } from './guard.ts';
import { RootLayout } from './layouts/root-layout.tsx';
import { StartupOverlay } from './layouts/startup-overlay.tsx';
import { RouteError } from './routes/route-error.tsx';

/** A route named after its entry in `paths`, its screen loaded on first visit (code splitting). */
const named = (
  name: TRouteName,
  load: () => Promise<{ Component: React.ComponentType }>,
): NonIndexRouteObject => ({ id: name, path: paths[name].path, lazy: load });

/**
 * An address that only leads on to a screen (`/`, `/settings`, `/admin`): its loader redirects, and
 * it shows nothing meanwhile. Without a component of its own the router warned, on every visit,
 * that it would render an empty page.
 */
const leadsTo = (path: string) => ({ loader: () => redirect(path), Component: NoScreen });
const NoScreen = () => null;

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: StartupOverlay,
    children: [
      { id: 'home', path: paths.home.path, ...leadsTo(paths.dashboard.path) },
      {
        loader: redirectSignedIn,
        shouldRevalidate: alwaysRevalidate,
        children: [
          named('login', async () => ({
            Component: (await import('../features/auth/routes/login.tsx')).LoginRoute,
          })),
          named('register', async () => ({
            Component: (await import('../features/auth/routes/register.tsx')).RegisterRoute,
          })),
        ],
      },
      {
        loader: logOutUnlessTwoFactor,
        shouldRevalidate: alwaysRevalidate,
        children: [
          named('forgotPassword', async () => ({
            Component: (await import('../features/auth/routes/forgot-password.tsx')).ForgotPasswordRoute,
          })),
          named('authAction', async () => ({
            Component: (await import('../features/auth/routes/auth-action.tsx')).AuthActionRoute,
          })),
        ],
      },
      {
        id: 'signed-in',
        loader: requireSession,
        shouldRevalidate: alwaysRevalidate,
        lazy: async () => ({ Component: (await import('./layouts/app-layout.tsx')).AppLayout }),
        children: [
          named('dashboard', async () => ({
            Component: (await import('../features/dashboard/routes/dashboard.tsx')).DashboardRoute,
          })),
          named('notFound', async () => ({
            Component: (await import('./routes/not-found.tsx')).NotFoundRoute,
          })),
          named('contacts', async () => ({
            Component: (await import('../features/contacts/routes/contacts.tsx')).ContactsRoute,
          })),
          named('contactDetail', async () => ({
            Component: (await import('../features/contacts/routes/contact-detail.tsx')).ContactDetailRoute,
          })),
          named('shipments', async () => ({
            Component: (await import('../features/shipments/routes/shipments.tsx')).ShipmentsRoute,
          })),
          named('shipmentDetail', async () => ({
            Component: (await import('../features/shipments/routes/shipment-detail.tsx')).ShipmentDetailRoute,
          })),
          named('reports', async () => ({
            Component: (await import('../features/reports/routes/reports.tsx')).ReportsRoute,
          })),
          // The chart library loads with this screen alone (docs/decisions/019-report-charts.md).
          named('reportDetail', async () => ({
            Component: (await import('../features/reports/routes/report-builder.tsx')).ReportBuilderRoute,
          })),
          named('issues', async () => ({
            Component: (await import('../features/issues/routes/issues.tsx')).IssuesRoute,
          })),
          named('issueDetail', async () => ({
            Component: (await import('../features/issues/routes/issue-detail.tsx')).IssueDetailRoute,
          })),
          {
            ...named('admin', async () => ({
              Component: (await import('../features/admin/routes/admin-layout.tsx')).AdminLayout,
            })),
            children: [
              { index: true, ...leadsTo(paths.adminCompanies.path) },
              named('adminCompanies', async () => ({
                Component: (await import('../features/admin/routes/companies.tsx')).AdminCompaniesRoute,
              })),
              named('adminCompany', async () => ({
                Component: (await import('../features/admin/routes/company-detail.tsx')).AdminCompanyRoute,
              })),
              named('adminAudit', async () => ({
                Component: (await import('../features/admin/routes/platform-audit.tsx')).PlatformAuditRoute,
              })),
              named('adminIssues', async () => ({
                Component: (await import('../features/issues/routes/admin-issues.tsx')).AdminIssuesRoute,
              })),
              named('adminCatalogue', async () => ({
                Component: (await import('../features/admin/routes/catalogue.tsx')).PortCatalogueRoute,
              })),
            ],
          },
          {
            // The role-create modal sits over the roles list, so it keeps the settings frame.
            lazy: async () => ({ Component: (await import('./layouts/settings-layout.tsx')).SettingsLayout }),
            children: [
              named('roleCreate', async () => ({
                Component: (await import('../features/roles/routes/roles.tsx')).RoleCreateRoute,
              })),
            ],
          },
          {
            ...named('settings', async () => ({
              Component: (await import('./layouts/settings-layout.tsx')).SettingsLayout,
            })),
            children: [
              { index: true, ...leadsTo(paths.settingsProfile.path) },
              named('settingsProfile', async () => ({
                Component: (await import('../features/profile/routes/profile.tsx')).ProfileRoute,
              })),
              named('settingsApiTokens', async () => ({
                Component: (await import('../features/api-tokens/routes/api-tokens.tsx')).ApiTokensRoute,
              })),
              named('settingsCompany', async () => ({
                Component: (await import('../features/company/routes/company.tsx')).CompanyRoute,
              })),
              named('settingsUsers', async () => ({
                Component: (await import('../features/users/routes/users-list.tsx')).UsersListRoute,
              })),
              named('settingsUserEdit', async () => {
                // An admin edits another user with the profile screen's form (docs/product.md §2: user-edit reuses it).
                const [{ createUserEditRoute }, { ProfileForm }] = await Promise.all([
                  import('../features/users/routes/user-edit.tsx'),
                  import('../features/profile/components/profile-form.tsx'),
                ]);
                return { Component: createUserEditRoute({ ProfileSection: ProfileForm }) };
              }),
              named('settingsRoles', async () => ({
                Component: (await import('../features/roles/routes/roles.tsx')).RolesRoute,
              })),
              named('roleEdit', async () => ({
                Component: (await import('../features/roles/routes/roles.tsx')).RoleEditRoute,
              })),
              named('settingsPicklist', async () => ({
                Component: (await import('../features/picklists/routes/picklists.tsx')).PicklistsRoute,
              })),
              named('settingsBusinessTypes', async () => ({
                Component: (await import('../features/business-types/routes/business-types.tsx'))
                  .BusinessTypesRoute,
              })),
              named('settingsReceivingLocations', async () => ({
                Component: (await import('../features/receiving-locations/routes/receiving-locations.tsx'))
                  .ReceivingLocationsRoute,
              })),
              named('settingsCountries', async () => ({
                Component: (await import('../features/countries/routes/countries.tsx')).CountriesRoute,
              })),
              named('settingsTemplates', async () => ({
                Component: (await import('../features/templates/routes/templates.tsx')).TemplatesRoute,
              })),
              named('settingsTemplateUpdate', async () => ({
                Component: (await import('../features/templates/routes/template-editor.tsx'))
                  .TemplateEditorRoute,
              })),
              named('settingsCurrencies', async () => ({
                Component: (await import('../features/currencies/routes/currencies.tsx')).CurrenciesRoute,
              })),
              named('settingsAudit', async () => ({
                Component: (await import('../features/audit/routes/audit-log.tsx')).AuditLogRoute,
              })),
              named('settingsPorts', async () => ({
                Component: (await import('../features/ports/routes/ports.tsx')).PortsRoute,
              })),
            ],
          },
          // An unknown address shows the not-found page where it is, so the user sees what they typed.
          {
            id: 'unknown',
            path: '*',
            lazy: async () => ({ Component: (await import('./routes/not-found.tsx')).NotFoundRoute }),
          },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
