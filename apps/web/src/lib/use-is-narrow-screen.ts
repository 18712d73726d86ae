import { useSyncExternalStore } from 'react';

/**
 * The width below which the signed-in layout trades its navbar for the compact menu and lists
 * show cards instead of tables (app-layout.css uses the same 767 px).
 */
const narrowScreen = '(max-width: 767px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(narrowScreen);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

const isNarrowNow = () => window.matchMedia(narrowScreen).matches;

/** True on a phone-sized screen; a rotation or a resized window renders again with the new answer. */
export const useIsNarrowScreen = () => useSyncExternalStore(subscribe, isNarrowNow);
