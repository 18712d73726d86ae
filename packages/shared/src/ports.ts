import { z } from 'zod';
import { ZPageQuery } from './lists.ts';

// Ports and airports (master, docs/product.md §7 /oceanport/, /airport/, /{port}).

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

export const ZPortKind = z.enum(portKinds);

/** One ocean port or airport: from the global catalogue or the company's own. */
export const ZPortEntry = z.object({
  /** The code that names it in URLs: UN/LOCODE, OurAirports ident, or the custom entry's code. */
  _id: z.string(),
  kind: ZPortKind,
  code: z.string(),
  /** Airports only. */
  iataCode: z.string().nullable(),
  icaoCode: z.string().nullable(),
  name: z.string(),
  city: z.string(),
  countryCode: z.string(),
  countryName: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  timezone: z.string().nullable(),
  source: z.enum(['catalogue', 'custom']),
  isFavourite: z.boolean(),
  retired: z.boolean(),
});
export type TPortEntry = z.infer<typeof ZPortEntry>;

/** GET /master/api/v1/{port}: the page query, a country filter and favourites/custom filters. */
export const ZPortListQuery = ZPageQuery.extend({
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code')
    .optional(),
  favourites: z.enum(['true', 'false']).optional(),
  source: z.enum(['catalogue', 'custom']).optional(),
}).strict();
export type TPortListQuery = z.infer<typeof ZPortListQuery>;

/** The `:code` of a port URL: upper-case letters, digits and dashes (OurAirports idents). */
export const ZPortCodeParams = z
  .object({ code: z.string().regex(/^[A-Z0-9-]{3,10}$/, 'must be a port or airport code') })
  .strict();

const coordinate = (limit: number) =>
  z
    .number({ error: 'must be a number' })
    .min(-limit, `must be between -${limit} and ${limit}`)
    .max(limit, `must be between -${limit} and ${limit}`)
    .nullable();

const customPortFields = {
  name: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(portRules.nameMaxLength, `must be at most ${portRules.nameMaxLength} characters`),
  city: z
    .string()
    .trim()
    .max(portRules.cityMaxLength, `must be at most ${portRules.cityMaxLength} characters`),
  countryCode: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code'),
  latitude: coordinate(90),
  longitude: coordinate(180),
};

/** POST /master/api/v1/{port}: a custom entry; the code is checked against the kind on the server. */
export const ZCustomPortInput = z
  .object({
    code: z.string().trim().toUpperCase().min(3, 'is required').max(8, 'must be at most 8 characters'),
    ...customPortFields,
    city: customPortFields.city.optional(),
    latitude: customPortFields.latitude.optional(),
    longitude: customPortFields.longitude.optional(),
  })
  .strict();
export type TCustomPortInput = z.infer<typeof ZCustomPortInput>;

const customPortCodeOf = (kind: TPortKind) =>
  z.string().trim().toUpperCase().regex(new RegExp(portRules.codePattern[kind]), portRules.codeHint[kind]);

/** A custom entry's code as its kind needs it; the route's kind decides, after ZCustomPortInput. */
export const ZCustomPortCode = {
  oceanport: customPortCodeOf('oceanport'),
  airport: customPortCodeOf('airport'),
} satisfies Record<TPortKind, z.ZodType>;

/** PATCH /master/api/v1/{port}/{code}: a custom entry's fields (its code stays). */
export const ZCustomPortUpdate = z.object(customPortFields).partial().strict();
export type TCustomPortUpdate = z.infer<typeof ZCustomPortUpdate>;

/** A UN/LOCODE row as an import shows it. */
export const ZImportedPort = z.object({
  code: z.string(),
  name: z.string(),
  subdivision: z.string(),
  status: z.string(),
  change: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});

/** POST /master/api/v1/oceanport/imports (the CodeList CSV as the body) and GET …/imports/:id. */
export const ZPortImport = z.object({
  _id: z.string(),
  status: z.enum(['pending', 'applied', 'discarded']),
  fileName: z.string(),
  createdAt: z.string(),
  summary: z.object({
    added: z.number().int(),
    changed: z.number().int(),
    retired: z.number().int(),
    outOfCountry: z.number().int(),
    unchanged: z.number().int(),
    problems: z.number().int(),
  }),
  /** Up to 500 entries of each list; the summary has the full counts. */
  added: z.array(ZImportedPort),
  changed: z.array(
    z.object({
      code: z.string(),
      fields: z.array(z.string()),
      before: z.object({
        name: z.string(),
        latitude: z.number().nullable(),
        longitude: z.number().nullable(),
      }),
      after: ZImportedPort,
    }),
  ),
  retired: z.array(z.object({ code: z.string(), name: z.string() })),
  outOfCountry: z.array(ZImportedPort),
  problems: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export type TPortImport = z.infer<typeof ZPortImport>;

/** POST /master/api/v1/oceanport/imports/:id/apply */
export const ZPortImportApply = z.object({ keepOutOfCountry: z.boolean().optional() }).strict();
export type TPortImportApply = z.infer<typeof ZPortImportApply>;
