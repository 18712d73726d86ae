import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { useSession } from '@/lib/auth/session-store.ts';
import { finishProgress, startProgress } from '@/lib/progress.ts';
import { useDocumentTitle } from '../document-title.ts';
import { SessionEffects } from '../session-effects.tsx';

const ReferenceLoader = lazy(async () => ({
  default: (await import('../reference-loader.tsx')).ReferenceLoader,
}));

/** Every page: its title, the navigation progress bar, the session's watchers and, once logged in, the reference data. */
export const RootLayout = () => {
  const { state } = useNavigation();
  const { isLoggedIn } = useSession();
  useDocumentTitle();

  useEffect(() => {
    if (state === 'idle') finishProgress();
    else startProgress();
  }, [state]);

  return (
    <>
      <SessionEffects />
      {isLoggedIn && (
        <Suspense fallback={null}>
          <ReferenceLoader />
        </Suspense>
      )}
      <Outlet />
    </>
  );
};
