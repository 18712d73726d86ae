import type { TCompany, TCurrentUser, TProduct } from '@cargodesk/shared';
import { useSyncExternalStore } from 'react';

/** The session flags of docs/product.md §4 and what the start-up sequence loads. */
export type TSessionState = {
  isLoggedIn: boolean;
  /** docs/product.md §4 "auth-state loading": true until the six reference queries have finalised the state. */
  isAuthLoading: boolean;
  /** docs/product.md §6, default false: the user holds platform rights, and the console (/admin) opens. */
  isSuperAdmin: boolean;
  user: TCurrentUser | undefined;
  company: TCompany | undefined;
  products: TProduct[];
  /** The identity record's flag (docs/product.md §3), read from the identity provider. */
  isEmailVerified: boolean;
  /** A start-up step failed for a reason other than the session (e.g. the API is down). */
  loadError: string | undefined;
  referenceData: TReferenceLists | undefined;
  /** How the latest sign-in on this tab went, for the login screen. */
  signInStatus: 'idle' | 'pending' | 'two-factor' | 'signed-in' | 'failed';
  signInError: string | undefined;
};

export type TReferenceLists = {
  countries: unknown[];
  timezones: unknown[];
  dropdowns: unknown[];
  currencies: unknown[];
  googleMapKey: string | undefined;
  pendoKey: string | undefined;
};

const initialState: TSessionState = {
  isLoggedIn: false,
  isAuthLoading: true,
  isSuperAdmin: false,
  user: undefined,
  company: undefined,
  products: [],
  isEmailVerified: true,
  loadError: undefined,
  referenceData: undefined,
  signInStatus: 'idle',
  signInError: undefined,
};

let state = initialState;
const listeners = new Set<() => void>();

export const getSession = () => state;

export const updateSession = (changes: Partial<TSessionState>) => {
  state = { ...state, ...changes };
  for (const listener of listeners) listener();
};

/** Clears the session; how the last sign-in went stays, so the login screen can still say why it failed. */
export const resetSession = () =>
  updateSession({
    ...initialState,
    isAuthLoading: false,
    signInStatus: state.signInStatus,
    signInError: state.signInError,
    loadError: state.loadError,
  });

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useSession = () => useSyncExternalStore(subscribe, getSession);
