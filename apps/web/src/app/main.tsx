// First: zod must be jitless before any module builds a schema.
import './zod-jitless.ts';
import { onAuthStateChanged } from 'firebase/auth';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isProtectedPath } from '../config/paths.ts';
import { getRuntimeConfig } from '../config/runtime-config.ts';
import { setSuspendedHandler, setUnauthorizedHandler } from '../lib/api-client.ts';
import {
  logoutSuspended,
  onIdentitySignedIn,
  onIdentitySignedOut,
  onSessionRefused,
} from '../lib/auth/session.ts';
import { getIdentity } from '../lib/identity.ts';
import { isProductionHost } from '../lib/integrations/script-loader.ts';
import { setNavigator } from '../lib/navigation.ts';

import { AppProvider } from './provider.tsx';
import { createAppRouter } from './router.tsx';
import './app.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
const root = createRoot(rootElement);

const renderStartupFailure = (error: unknown) =>
  root.render(
    <main className="startup-failure" role="alert">
      <h1>Cargodesk cannot start</h1>
      <p>{error instanceof Error ? error.message : String(error)}</p>
    </main>,
  );

const start = async () => {
  getRuntimeConfig();
  // Error reporting sees the start-up too. Only the production host downloads the integrations'
  // code at all (docs/decisions/021-integrations-and-csp.md).
  if (isProductionHost()) {
    void import('../lib/integrations/start.ts').then(({ startPageIntegrations }) => startPageIntegrations());
  }
  const identity = getIdentity();
  // docs/product.md §2: the app mounts only once the first auth state is known; the overlay in index.html shows till then.
  await identity.authStateReady();

  const router = createAppRouter();
  setNavigator((to, options) => void router.navigate(to, options));
  setUnauthorizedHandler(onSessionRefused);
  setSuspendedHandler(() => void logoutSuspended());
  onAuthStateChanged(identity, (user) => {
    if (user) void onIdentitySignedIn(user);
    else void onIdentitySignedOut({ isProtectedPath: isProtectedPath(window.location.pathname) });
  });

  root.render(
    <StrictMode>
      <AppProvider router={router} />
    </StrictMode>,
  );
};

start().catch(renderStartupFailure);
