import { QueryClientProvider } from '@tanstack/react-query';
import { Alert, Button, Result, Spin } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { retrySessionStart } from '../../lib/auth/session.ts';
import { useSession } from '../../lib/auth/session-store.ts';
import { setMessageApi } from '../../lib/notify.ts';
import { queryClient } from '../../lib/query-client.ts';
import { AntdProvider } from '../antd-provider.tsx';
import { SessionBanners } from './banners.tsx';
import { Navbar } from './navbar.tsx';

const RetryButton = () => (
  <Button type="primary" onClick={() => void retrySessionStart()}>
    Try again
  </Button>
);

const SignedInShell = () => {
  const { user, loadError } = useSession();
  const { pathname, search } = useLocation();

  if (!user) {
    return (
      <main className="auth-page">
        {loadError ? (
          <Result
            status="error"
            title="Cargodesk cannot load your workspace"
            subTitle={loadError}
            extra={<RetryButton />}
          />
        ) : (
          <Spin size="large" description="Loading your workspace…" />
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
          <Outlet key={`${pathname}${search}`} />
        </main>
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
