import { Alert, Button, Result, Spin } from 'antd';
import { Outlet, useLocation } from 'react-router';
import { retrySessionStart } from '../../lib/auth/session.ts';
import { useSession } from '../../lib/auth/session-store.ts';
import { SessionBanners } from './banners.tsx';
import { Navbar } from './navbar.tsx';

const RetryButton = () => (
  <Button type="primary" onClick={() => void retrySessionStart()}>
    Try again
  </Button>
);

/** The signed-in shell: navbar, banners and the page, which is re-created when the full path changes. */
export const AppLayout = () => {
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
