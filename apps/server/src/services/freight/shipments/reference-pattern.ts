import { defaultReferencePatterns, formatReference, referenceScopeOf } from '@cargodesk/shared';

// A company's shipment references (docs/decisions/043-shipments-model.md): the pattern helpers are
// shared with the settings card (@cargodesk/shared); each company's patterns are in
// reference-settings.ts.

export { defaultReferencePatterns, formatReference, referenceScopeOf };

/** The year of `at` in `timezone` (an IANA name; UTC when unknown or missing). */
export const yearIn = (at: Date, timezone: string | null | undefined) => {
  try {
    return Number(
      new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone: timezone || 'UTC' }).format(at),
    );
  } catch {
    return at.getUTCFullYear();
  }
};
