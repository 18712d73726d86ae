import type { TShipmentMode } from '@cargodesk/shared';

// A company's shipment references (docs/decisions/043-shipments-model.md): a pattern whose `{YYYY}`
// is the year of creation in the company's time zone and whose `{#####}` is the number, padded to
// as many digits as it has hashes. Fixed per mode for now; a company setting comes next.

export const defaultReferencePatterns: Record<TShipmentMode, string> = {
  sea: 'SE-{YYYY}-{#####}',
  air: 'AF-{YYYY}-{#####}',
  road: 'RO-{YYYY}-{#####}',
};

const numberToken = /\{(#+)\}/;

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

/**
 * The pattern with its year filled and its number left out: the counter's scope, so each year (and
 * each pattern a company may choose later) counts on its own.
 */
export const referenceScopeOf = (pattern: string, year: number) =>
  pattern.replaceAll('{YYYY}', String(year)).replace(numberToken, '');

export const formatReference = (pattern: string, year: number, number: number) =>
  pattern
    .replaceAll('{YYYY}', String(year))
    .replace(numberToken, (_token, hashes: string) => String(number).padStart(hashes.length, '0'));
