import type { TUserPreferences } from '@cargodesk/shared';
import { useSyncExternalStore } from 'react';
import { resolveFormatSettings } from './format-settings.ts';
import { createFormatter, type TFormatter } from './formatter.ts';

// The formatter of the signed-in user's preferences, for the whole app. Components read it with
// `useFormat()`, so a change of preferences re-renders every screen that formats; code outside
// React (CSV export, change descriptions, toasts) calls the plain functions below, which read the
// same formatter at the moment they run.

let current: TFormatter = createFormatter(resolveFormatSettings(undefined));
const listeners = new Set<() => void>();

const sameSettings = (left: TFormatter['settings'], right: TFormatter['settings']) =>
  left.locale === right.locale &&
  left.timeZone === right.timeZone &&
  left.dateFormat === right.dateFormat &&
  left.numberFormat === right.numberFormat;

/** Formats with these preferences from now on (none: the browser's); subscribers re-render. */
export const setFormatPreferences = (preferences: TUserPreferences | null | undefined) => {
  const settings = resolveFormatSettings(preferences);
  if (sameSettings(settings, current.settings)) return;
  current = createFormatter(settings);
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

export const getFormatter = () => current;

/**
 * The formatter of the user's preferences. A new object when they change, so columns and memos built
 * from it are built again.
 */
export const useFormat = () => useSyncExternalStore(subscribe, getFormatter);

// Plain functions for code outside components; a component uses `useFormat()` so it re-renders.
export const formatDateTime: TFormatter['formatDateTime'] = ((iso: string | null | undefined) =>
  current.formatDateTime(iso)) as TFormatter['formatDateTime'];
export const formatDate: TFormatter['formatDate'] = (iso) => current.formatDate(iso);
export const formatDay: TFormatter['formatDay'] = (day) => current.formatDay(day);
export const formatIsoMinute: TFormatter['formatIsoMinute'] = (iso) => current.formatIsoMinute(iso);
export const formatNumber: TFormatter['formatNumber'] = (value, options) =>
  current.formatNumber(value, options);
export const formatMoney: TFormatter['formatMoney'] = (amount, currency) =>
  current.formatMoney(amount, currency);
export const formatDecimalText: TFormatter['formatDecimalText'] = (text) => current.formatDecimalText(text);
