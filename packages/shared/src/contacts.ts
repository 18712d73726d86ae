import { z } from 'zod';
import { ZCalendarDate } from './date-schemas.ts';
import { ZPageQuery } from './lists.ts';
import { savedFilterInputOf, savedFilterRules, type TSavedFilter, ZSavedFilter } from './saved-filters.ts';

// Contacts (contactserver): the organisations and people a freight company works with — customers,
// shippers, consignees, carriers, agents — with their addresses, e-mails, phones and tags.

export const contactKinds = ['organisation', 'person'] as const;
export type TContactKind = (typeof contactKinds)[number];

export const contactRoles = [
  'customer',
  'shipper',
  'consignee',
  'notify-party',
  'carrier',
  'agent',
  'supplier',
] as const;
export type TContactRole = (typeof contactRoles)[number];

export const contactRoleLabels: Record<TContactRole, string> = {
  customer: 'Customer',
  shipper: 'Shipper',
  consignee: 'Consignee',
  'notify-party': 'Notify party',
  carrier: 'Carrier',
  agent: 'Agent',
  supplier: 'Supplier',
};

/** The UI kit's tag colours a contact tag may take: each reads on a white page. */
export const contactTagColors = [
  'blue',
  'green',
  'gold',
  'red',
  'purple',
  'cyan',
  'magenta',
  'orange',
  'geekblue',
  'lime',
  'volcano',
] as const;
export type TContactTagColor = (typeof contactTagColors)[number];

export const contactRules = {
  nameMaxLength: 200,
  notesMaxLength: 10_000,
  /** E-mails, phones and addresses each: a contact with more is a list of contacts. */
  entriesMax: 10,
  tagsMax: 50,
  /** Tags a company may have: enough for any way of sorting customers, few enough to pick from. */
  companyTagsMax: 500,
  labelMaxLength: 40,
  /** Ids one bulk action takes: a page of the list at its largest, five times over. */
  bulkMax: 500,
} as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` });
const optionalText = (max: number) => text(max).nullable().optional();
const label = text(contactRules.labelMaxLength);

export const ZContactEmail = z
  .object({
    label: label.default(''),
    address: z
      .string()
      .trim()
      .pipe(z.email({ error: 'must be an email address' }).max(320)),
  })
  .strict();
export type TContactEmail = z.infer<typeof ZContactEmail>;

export const ZContactPhone = z
  .object({
    label: label.default(''),
    number: z
      .string()
      .trim()
      .min(3, { error: 'must have at least 3 characters' })
      .max(40, { error: 'must be at most 40 characters' })
      .regex(/^\+?[0-9 ()./-]+(?:\s*(?:ext\.?|x)\s*[0-9]+)?$/i, {
        error: 'must be a phone number: digits, spaces, + ( ) . / - and an optional extension',
      }),
  })
  .strict();
export type TContactPhone = z.infer<typeof ZContactPhone>;

/** A UN/LOCODE (five letters or digits) or an IATA airport code (three letters). */
const locationCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^(?:[A-Z]{2}[A-Z0-9]{3}|[A-Z]{3})$/, {
    error: 'must be a port code (like NLRTM) or an airport code (like AMS)',
  });

export const ZContactAddress = z
  .object({
    label: label.default(''),
    street: text(200).default(''),
    postalCode: text(20).default(''),
    city: text(100).default(''),
    region: text(100).default(''),
    countryCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { error: 'must be a two-letter country code' }),
    /** The port or airport this address is served by, when it matters for the freight. */
    locationCode: locationCode.nullable().optional(),
  })
  .strict();
export type TContactAddress = z.infer<typeof ZContactAddress>;

const entries = <T extends z.ZodType>(entry: T, what: string) =>
  z
    .array(entry)
    .max(contactRules.entriesMax, { error: `must hold at most ${contactRules.entriesMax} ${what}` });

const ZRoles = z
  .array(z.enum(contactRoles, { error: `must be one of ${contactRoles.join(', ')}` }))
  .max(contactRoles.length);
const ZTagIds = z
  .array(z.uuid({ error: 'must be an id' }))
  .max(contactRules.tagsMax, { error: `must hold at most ${contactRules.tagsMax} tags` });

const ZContactFields = z.object({
  kind: z.enum(contactKinds, { error: 'must be organisation or person' }),
  name: text(contactRules.nameMaxLength).min(1, { error: 'is required' }),
  /** A person's organisation; organisations belong to none. */
  organisationId: z.uuid({ error: 'must be an id' }).nullable().optional(),
  jobTitle: optionalText(100),
  roles: ZRoles.default([]),
  emails: entries(ZContactEmail, 'e-mails').default([]),
  phones: entries(ZContactPhone, 'phones').default([]),
  addresses: entries(ZContactAddress, 'addresses').default([]),
  taxNumber: optionalText(40),
  notes: optionalText(contactRules.notesMaxLength),
  ownerId: z.uuid({ error: 'must be an id' }).nullable().optional(),
  tagIds: ZTagIds.default([]),
});

export const ZContactCreate = ZContactFields.strict();
export type TContactCreate = z.input<typeof ZContactCreate>;

/**
 * A change: only the fields sent change; `kind` stays what it was created as. No field here has a
 * default, which would fill a field left out and so change it: a rename would clear the roles.
 */
export const ZContactUpdate = z
  .object({
    name: ZContactFields.shape.name.optional(),
    organisationId: ZContactFields.shape.organisationId,
    jobTitle: ZContactFields.shape.jobTitle,
    roles: ZRoles.optional(),
    emails: entries(ZContactEmail, 'e-mails').optional(),
    phones: entries(ZContactPhone, 'phones').optional(),
    addresses: entries(ZContactAddress, 'addresses').optional(),
    taxNumber: ZContactFields.shape.taxNumber,
    notes: ZContactFields.shape.notes,
    ownerId: ZContactFields.shape.ownerId,
    tagIds: ZTagIds.optional(),
  })
  .strict();
export type TContactUpdate = z.input<typeof ZContactUpdate>;

export const ZContactTag = z.object({
  _id: z.string(),
  name: z.string(),
  color: z.enum(contactTagColors),
});
export type TContactTag = z.infer<typeof ZContactTag>;

export const ZContactTagWithCount = ZContactTag.extend({ contactCount: z.number().int() });
export type TContactTagWithCount = z.infer<typeof ZContactTagWithCount>;

const contactTagFields = {
  name: text(40).min(1, { error: 'is required' }),
  color: z.enum(contactTagColors, { error: `must be one of ${contactTagColors.join(', ')}` }),
};
export const ZContactTagInput = z
  .object({ ...contactTagFields, color: contactTagFields.color.default('blue') })
  .strict();
export type TContactTagInput = z.input<typeof ZContactTagInput>;
/** Without the colour's default, which would turn a renamed tag blue. */
export const ZContactTagUpdate = z.object(contactTagFields).partial().strict();

const ZReference = z.object({ _id: z.string(), name: z.string() });

/** A contact as its list row shows it. */
export const ZContactSummary = z.object({
  _id: z.string(),
  kind: z.enum(contactKinds),
  name: z.string(),
  organisation: ZReference.nullable(),
  roles: z.array(z.enum(contactRoles)),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  countryCode: z.string().nullable(),
  taxNumber: z.string().nullable(),
  owner: ZReference.nullable(),
  tags: z.array(ZContactTag),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TContactSummary = z.infer<typeof ZContactSummary>;

export const ZContact = ZContactSummary.extend({
  jobTitle: z.string().nullable(),
  emails: z.array(ZContactEmail),
  phones: z.array(ZContactPhone),
  addresses: z.array(ZContactAddress),
  notes: z.string().nullable(),
  /** An organisation's people, by name (the first 100). */
  people: z.array(ZReference.extend({ jobTitle: z.string().nullable(), email: z.string().nullable() })),
});
export type TContact = z.infer<typeof ZContact>;

export const contactSortFields = ['name', 'kind', 'city', 'countryCode', 'createdAt', 'updatedAt'] as const;
export type TContactSortField = (typeof contactSortFields)[number];
const contactSorts = contactSortFields.flatMap((field) => [field, `-${field}`] as const);

export const ZContactListQuery = ZPageQuery.extend({
  sort: z.enum(contactSorts).optional(),
  kind: z.enum(contactKinds).optional(),
  role: z.enum(contactRoles).optional(),
  tagId: z.uuid({ error: 'must be an id' }).optional(),
  countryCode: z
    .string()
    .regex(/^[A-Z]{2}$/, { error: 'must be a two-letter country code' })
    .optional(),
  ownerId: z.uuid({ error: 'must be an id' }).optional(),
  organisationId: z.uuid({ error: 'must be an id' }).optional(),
  createdFrom: ZCalendarDate.optional(),
  createdTo: ZCalendarDate.optional(),
  updatedFrom: ZCalendarDate.optional(),
  updatedTo: ZCalendarDate.optional(),
}).strict();
export type TContactListQuery = z.infer<typeof ZContactListQuery>;

/** The composer's and pickers' quick lookup: a few contacts by name or e-mail. */
export const ZContactLookupQuery = z
  .object({
    q: z.string().trim().max(200).default(''),
    kind: z.enum(contactKinds).optional(),
    limit: z.coerce.number().int().min(1).max(20).default(10),
  })
  .strict();
export const ZContactLookup = z.object({
  _id: z.string(),
  kind: z.enum(contactKinds),
  name: z.string(),
  organisation: z.string().nullable(),
  email: z.string().nullable(),
});
export type TContactLookup = z.infer<typeof ZContactLookup>;

/** Contacts that may be the one being written: the same e-mail or tax number. */
export const ZContactDuplicatesQuery = z
  .object({
    email: z.string().trim().max(320).optional(),
    taxNumber: z.string().trim().max(40).optional(),
    /** The contact being edited, so it is not its own duplicate. */
    exceptId: z.uuid({ error: 'must be an id' }).optional(),
  })
  .strict();

export const ZContactIdParams = z.object({ id: z.uuid({ error: 'must be an id' }) }).strict();

export const contactBulkActions = ['tag', 'untag', 'delete'] as const;
export const ZContactBulk = z
  .object({
    action: z.enum(contactBulkActions, { error: 'must be tag, untag or delete' }),
    ids: z
      .array(z.uuid({ error: 'must be an id' }))
      .min(1, { error: 'must name at least one contact' })
      .max(contactRules.bulkMax, { error: `must name at most ${contactRules.bulkMax} contacts` }),
    tagId: z.uuid({ error: 'must be an id' }).optional(),
  })
  .strict()
  .refine((bulk) => bulk.action === 'delete' || bulk.tagId, {
    error: 'is required to tag or untag',
    path: ['tagId'],
  });
export type TContactBulk = z.infer<typeof ZContactBulk>;
export const ZContactBulkResult = z.object({ changed: z.number().int() });

/** Merging: the duplicate's e-mails, phones, addresses, tags and people move to the kept contact. */
export const ZContactMerge = z.object({ duplicateId: z.uuid({ error: 'must be an id' }) }).strict();

// Import (CSV): the file's columns are mapped to these fields; a column mapped to none is skipped.

export const contactImportFields = [
  'name',
  'kind',
  'organisation',
  'jobTitle',
  'roles',
  'email',
  'email2',
  'phone',
  'phone2',
  'street',
  'postalCode',
  'city',
  'region',
  'country',
  'locationCode',
  'taxNumber',
  'tags',
  'owner',
  'notes',
] as const;
export type TContactImportField = (typeof contactImportFields)[number];

export const contactImportFieldLabels: Record<TContactImportField, string> = {
  name: 'Name',
  kind: 'Kind (organisation or person)',
  organisation: 'Organisation (for a person)',
  jobTitle: 'Job title',
  roles: 'Roles',
  email: 'E-mail',
  email2: 'Second e-mail',
  phone: 'Phone',
  phone2: 'Second phone',
  street: 'Street',
  postalCode: 'Postal code',
  city: 'City',
  region: 'Region',
  country: 'Country',
  locationCode: 'Port or airport code',
  taxNumber: 'Tax or VAT number',
  tags: 'Tags',
  owner: 'Owner (a colleague’s e-mail)',
  notes: 'Notes',
};

export const contactImportRules = {
  /** A bigger file is refused before it is read. */
  maxBytes: 50 * 1024 * 1024,
  maxRows: 200_000,
  /** Columns a line may have: a contact has some twenty fields, and a sheet a few more to skip. */
  maxColumns: 200,
  /** Characters a line may have: a contact's every field full, with room to spare. */
  maxLineLength: 64 * 1024,
  /** Refused rows sent back with their cells, for the error file; beyond this only counted. */
  maxRefusedShown: 10_000,
  /** Tags an import may create by naming them. */
  maxNewTags: 50,
} as const;

/** `columns`: the field each column of the file goes to, in the file's order; empty skips one. */
export const ZContactImportQuery = z
  .object({
    columns: z
      .string()
      .max(2_000)
      .transform((text) => text.split(','))
      .pipe(
        z
          .array(
            z.enum([...contactImportFields, ''], {
              error: `must name fields among ${contactImportFields.join(', ')}`,
            }),
          )
          .max(100, { error: 'must name at most 100 columns' }),
      ),
    dryRun: z.enum(['true', 'false']).default('true'),
    fileName: z.string().trim().max(200).optional(),
  })
  .strict();
export type TContactImportQuery = z.input<typeof ZContactImportQuery>;

export const ZContactImportPreview = z.object({
  encoding: z.string(),
  headers: z.array(z.string()),
  sample: z.array(z.array(z.string())),
  rowCount: z.number().int(),
  /** The field for each column: the company's last mapping of that header, else a guess by its name. */
  columns: z.array(z.enum([...contactImportFields, ''])),
});
export type TContactImportPreview = z.infer<typeof ZContactImportPreview>;

export const ZContactImportResult = z.object({
  isDryRun: z.boolean(),
  created: z.number().int(),
  updated: z.number().int(),
  refusedCount: z.number().int(),
  /** Tags the import creates (or would) by naming them. */
  newTags: z.array(z.string()),
  /** The refused rows, first `maxRefusedShown`: line in the file, why, and the row's cells. */
  refused: z.array(z.object({ line: z.number().int(), reason: z.string(), cells: z.array(z.string()) })),
});
export type TContactImportResult = z.infer<typeof ZContactImportResult>;

/**
 * How far a run is, after each batch of the file: a client that asks for `application/x-ndjson`
 * gets one `{ progress }` line per batch, then `{ data }` with the result or `{ error }`.
 */
export const ZContactImportProgress = z.object({
  rows: z.number().int(),
  of: z.number().int(),
});
export type TContactImportProgress = z.infer<typeof ZContactImportProgress>;

/** The media type of a run that reports its progress. */
export const contactImportProgressType = 'application/x-ndjson';

// Saved filters: the list's search, filters and sort under a name, private or shared.

/** The part of the list's query a saved filter keeps: everything but the page. */
export const ZContactSavedQuery = ZContactListQuery.omit({ page: true, pageSize: true }).strict();

export const contactSavedFilterRules = savedFilterRules;

export const ZContactSavedFilterInput = savedFilterInputOf(ZContactSavedQuery);
export type TContactSavedFilterInput = z.input<typeof ZContactSavedFilterInput>;

export const ZContactSavedFilter = ZSavedFilter;
export type TContactSavedFilter = TSavedFilter;
