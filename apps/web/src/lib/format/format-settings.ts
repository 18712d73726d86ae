import type { TDateFormat, TNumberFormat, TUserPreferences } from '@cargodesk/shared';

// What the formatter needs, resolved: the user's choices where they made them, the browser's
// otherwise (docs/decisions/024-user-formatting-preferences.md).

export type TFormatSettings = {
  /** A BCP 47 locale: the chosen English variant, or the browser's. */
  locale: string;
  /** An IANA zone: the chosen one, or the browser's. */
  timeZone: string;
  dateFormat: TDateFormat;
  numberFormat: TNumberFormat;
};

const browserLocale = () => {
  try {
    return new Intl.Locale(navigator.language).toString();
  } catch {
    return 'en-GB';
  }
};

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Whether this browser's Intl knows a zone (the server's tzdb may be newer). */
const isUsableTimeZone = (timeZone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
};

export const resolveFormatSettings = (preferences: TUserPreferences | null | undefined): TFormatSettings => {
  const chosenZone = preferences?.timeZone;
  return {
    locale: preferences?.language ?? browserLocale(),
    timeZone: chosenZone && isUsableTimeZone(chosenZone) ? chosenZone : browserTimeZone(),
    dateFormat: preferences?.dateFormat ?? 'language',
    numberFormat: preferences?.numberFormat ?? 'language',
  };
};

export const browserFormatSettings = () => resolveFormatSettings(undefined);
