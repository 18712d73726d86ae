import { createBrowserRouter, type NonIndexRouteObject, type RouteObject, redirect } from 'react-router';
import { paths, type TRouteName } from '../config/paths.ts';
import { alwaysRevalidate, logOutUnlessTwoFactor, redirectSignedIn, requireSession } from './guard.ts';
import { RootLayout } from './layouts/root-layout.tsx';
import { RouteError } from './routes/route-error.tsx';

/** A route named after its entry in `paths`, its screen loaded on first visit (code splitting). */
const named = (
  name: TRouteName,
  load: () => Promise<{ Component: React.ComponentType }>,
): NonIndexRouteObject => ({ id: name, path: paths[name].path, lazy: load });

const settingsPage = (name: TRouteName) =>
  named(name, async () => {
    const { createSettingsPage } = await import('../features/settings/routes/settings-page.tsx');
    return { Component: createSettingsPage(name) };
  });

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [
      { id: 'home', path: paths.home.path, loader: () => redirect(paths.dashboard.path) },
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
          settingsPage('roleCreate'),
          {
            ...named('settings', async () => ({
              Component: (await import('./layouts/settings-layout.tsx')).SettingsLayout,
            })),
            children: [
              { index: true, loader: () => redirect(paths.settingsProfile.path) },
              settingsPage('settingsProfile'),
              settingsPage('settingsCompany'),
              named('settingsUsers', async () => ({
                Component: (await import('../features/users/routes/users-list.tsx')).UsersListRoute,
              })),
              named('settingsUserEdit', async () => ({
                // The profile feature's form goes in here: createUserEditRoute({ ProfileSection }).
                Component: (await import('../features/users/routes/user-edit.tsx')).createUserEditRoute(),
              })),
              settingsPage('settingsRoles'),
              settingsPage('roleEdit'),
              settingsPage('settingsPicklist'),
              settingsPage('settingsCountries'),
              settingsPage('settingsTemplates'),
              settingsPage('settingsTemplateUpdate'),
              settingsPage('settingsCurrencies'),
              settingsPage('settingsPorts'),
            ],
          },
          { path: '*', loader: () => redirect(paths.notFound.path) },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
