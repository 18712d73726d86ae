import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { finishProgress, startProgress } from '../../lib/progress.ts';
import { SessionEffects } from '../session-effects.tsx';

/** Every page: the navigation progress bar and the session's watchers. */
export const RootLayout = () => {
  const { state } = useNavigation();

  useEffect(() => {
    if (state === 'idle') finishProgress();
    else startProgress();
  }, [state]);

  return (
    <>
      <SessionEffects />
      <Outlet />
    </>
  );
};
