import { useEffect } from 'react';
import { setFormatPreferences } from '@/lib/format/format-store.ts';
import { usePreferences } from './api/preferences.ts';

/**
 * Keeps the app's formatter on the signed-in user's preferences: loaded once signed in, replaced when
 * App settings saves new ones, and back to the browser's when the signed-in shell goes away.
 */
export const useFormatPreferences = () => {
  const { data } = usePreferences();
  useEffect(() => {
    setFormatPreferences(data);
  }, [data]);
  useEffect(() => () => setFormatPreferences(undefined), []);
};
