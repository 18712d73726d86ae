import type { TPermission } from '@cargodesk/shared';
import { useSession } from './session-store.ts';

/** One permission, or a list of which any one will do (a screen with two tabs, each with its own). */
export type TPermissionNeed = TPermission | readonly TPermission[];

const grants = (granted: readonly string[], need: TPermissionNeed) =>
  typeof need === 'string' ? granted.includes(need) : need.some((permission) => granted.includes(permission));

/**
 * The signed-in user's permissions as a test, for a list filtered by them (the settings menu).
 * The SPA only hides what the server would refuse: every API route checks its permission again.
 */
export const usePermissionCheck = () => {
  const granted = useSession().user?.permissions ?? [];
  return (need: TPermissionNeed) => grants(granted, need);
};

/** Whether the signed-in user's roles grant `need`: the one way a screen asks. */
export const useCan = (need: TPermissionNeed) => usePermissionCheck()(need);
