// Ports and airports (master): plain constants the web app may import (no zod at runtime).

export const portKinds = ['oceanport', 'airport'] as const;
export type TPortKind = (typeof portKinds)[number];

export const isPortKind = (value: string | undefined): value is TPortKind =>
  (portKinds as readonly string[]).includes(value ?? '');

export const portRules = {
  nameMaxLength: 120,
  cityMaxLength: 120,
  /** UN/LOCODE for ocean ports (NLRTM); IATA (AMS) or ICAO (EHAM) for airports. */
  codePattern: { oceanport: '^[A-Z]{2}[A-Z2-9]{3}$', airport: '^([A-Z]{3}|[A-Z0-9]{4})$' },
  codeHint: {
    oceanport: 'must be a UN/LOCODE: two-letter country and three letters or digits 2–9, like NLRTM',
    airport: 'must be a three-letter IATA code or a four-character ICAO code',
  },
} as const;
