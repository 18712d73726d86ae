import { z } from 'zod';

// The signed-in user's formatting preferences (iamserver /users/me/preferences): how every screen
// writes dates, times, numbers and money for them. Null in a field means "as my browser does".

/**
 * The UI's languages. The app is written in English only, so the choices are English variants that
 * differ in how dates and numbers are written (docs/decisions/024-user-formatting-preferences.md).
 */
export const ZPreferredLanguage = z.enum(['en-GB', 'en-US'], { error: 'must be one of en-GB, en-US' });
export type TPreferredLanguage = z.infer<typeof ZPreferredLanguage>;

/** How a day is written: `language` follows the language ("24 Nov 2026" / "Nov 24, 2026"). */
export const ZDateFormat = z.enum(['language', 'dd/mm/yyyy', 'mm/dd/yyyy', 'yyyy-mm-dd', 'dd.mm.yyyy'], {
  error: 'must be one of language, dd/mm/yyyy, mm/dd/yyyy, yyyy-mm-dd, dd.mm.yyyy',
});
export type TDateFormat = z.infer<typeof ZDateFormat>;

/** How a number's thousands and decimals are separated: `language` follows the language. */
export const ZNumberFormat = z.enum(['language', '1,234.56', '1.234,56', '1 234,56', "1'234.56"], {
  error: "must be one of language, 1,234.56, 1.234,56, 1 234,56, 1'234.56",
});
export type TNumberFormat = z.infer<typeof ZNumberFormat>;

/** GET /iamserver/api/v1/users/me/preferences */
export const ZUserPreferences = z.object({
  language: ZPreferredLanguage.nullable(),
  /** An IANA zone of the reference list (GET /master/api/v1/timezone), by its canonical name. */
  timeZone: z.string().nullable(),
  dateFormat: ZDateFormat.nullable(),
  numberFormat: ZNumberFormat.nullable(),
});
export type TUserPreferences = z.infer<typeof ZUserPreferences>;

/**
 * The shape of a zone name; the server checks it against the reference list (which knows old names
 * like Europe/Kiev too) and stores the canonical name.
 */
export const ZTimeZoneName = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(64, 'must be at most 64 characters')
  .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, 'must be an IANA time zone name, e.g. Europe/Berlin');

/** PATCH /iamserver/api/v1/users/me/preferences: only what is sent changes; null goes back to the browser's. */
export const ZUpdateUserPreferencesRequest = z
  .object({
    language: ZPreferredLanguage.nullable().optional(),
    timeZone: ZTimeZoneName.nullable().optional(),
    dateFormat: ZDateFormat.nullable().optional(),
    numberFormat: ZNumberFormat.nullable().optional(),
  })
  .strict();
export type TUpdateUserPreferencesRequest = z.input<typeof ZUpdateUserPreferencesRequest>;

export const preferencesMessages = {
  unknownTimeZone: 'must be a time zone of the reference list, e.g. Europe/Berlin',
} as const;
