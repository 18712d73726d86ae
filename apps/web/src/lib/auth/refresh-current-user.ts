import { fetchCurrentUser } from './session-api.ts';
import { updateSession } from './session-store.ts';

/** Reloads the signed-in user into the session, so the navbar shows a saved name, avatar or company. */
export const refreshCurrentUser = async () => {
  const user = await fetchCurrentUser();
  updateSession({
    user,
    company: user.company,
    products: user.products,
    isSuperAdmin: user.isSuperAdmin ?? false,
  });
  return user;
};
