import { QueryClientProvider } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { LeaveWithoutSavingPrompt } from '@/components/unsaved-changes.tsx';
import { useFormatPreferences } from '@/features/profile/use-format-preferences.ts';
import { AntdProvider } from '@/lib/antd-provider.tsx';
import { retrySessionStart } from '@/lib/auth/session.ts';
import { useSession } from '@/lib/auth/session-store.ts';
import { setMessageApi } from '@/lib/notify.ts';
import { queryClient } from '@/lib/query-client.ts';
import { SessionBanners } from './banners.tsx';
import './app-layout.css';
import { Navbar } from './navbar.tsx';

const RetryButton = () => (
  <Button type="primary" onClick={() => void retrySessionStart()}>
    Try again
  </Button>
);

const SignedInShell = () => {
  const { user, loadError } = useSession();
  useFormatPreferences();
  const { pathname } = useLocation();

  if (!user) {
    return (
      <main className="auth-page">
        {loadError ? (
          <div className="workspace-status" role="alert">
            <h1>Cargodesk cannot load your workspace</h1>
            <p>{loadError}</p>
            <RetryButton />
          </div>
        ) : (
          <div className="workspace-status" role="status">
            <span className="loading-overlay__spinner" aria-hidden="true" />
            <span>Loading your workspace…</span>
          </div>
        )}
      </main>
    );
  }

  return (
    <>
      <Navbar />
      <div className="app-main">
        <SessionBanners />
        {loadError && (
          <Alert type="error" showIcon banner title={loadError} action={<RetryButton />} role="alert" />
        )}
        <main className="app-content">
          {/* A new path starts the screen afresh; a new query string does not, since list screens keep
              their search, filters and page there and must keep focus and typing while it changes. */}
          <Outlet key={pathname} />
        </main>
        <LeaveWithoutSavingPrompt />
      </div>
    </>
  );
};

/**
 * The signed-in shell: navbar, banners and the page, which is re-created when the full path changes.
 * It brings antd's theme and `App` message wrapper, and the query client, to the signed-in pages.
 */
export const AppLayout = () => (
  <AntdProvider onMessageApi={setMessageApi}>
    <QueryClientProvider client={queryClient}>
      <SignedInShell />
    </QueryClientProvider>
  </AntdProvider>
);
