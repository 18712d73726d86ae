import { z } from 'zod';
import { ZFileMeta } from './files.ts';
import { ZPageQuery } from './lists.ts';

// Document and email templates (templateserver): what a template is for, and the variables each
// purpose offers with sample data for the editor's preview. The server renders with exactly these
// names; a name outside a purpose's catalogue is a warning in the editor and an error on render.

export const templateTypes = ['email', 'document'] as const;
export type TTemplateType = (typeof templateTypes)[number];

export const templatePurposes = [
  'booking-confirmation',
  'arrival-notice',
  'house-bill-of-lading',
  'sea-waybill',
  'house-air-waybill',
  'quotation',
  'invoice-email',
  'invitation',
  'other',
] as const;
export type TTemplatePurpose = (typeof templatePurposes)[number];

export const templatePurposeLabels: Record<TTemplatePurpose, string> = {
  'booking-confirmation': 'Booking confirmation',
  'arrival-notice': 'Arrival notice',
  'house-bill-of-lading': 'House bill of lading',
  'sea-waybill': 'Sea waybill',
  'house-air-waybill': 'House air waybill',
  quotation: 'Quotation',
  'invoice-email': 'Invoice email',
  invitation: 'Invitation',
  other: 'Other',
};

export const templateRules = {
  /** A body longer than this is refused before it is parsed (2 MB of text is no letter). */
  bodyMaxLength: 1_000_000,
  subjectMaxLength: 200,
  /** A render that takes longer than this is stopped. */
  renderTimeLimitMs: 1_000,
  /** A render whose output grows past this is stopped. */
  outputMaxLength: 2_000_000,
} as const;

/** A money amount as templates receive it: the `money` filter formats it in the company's locale. */
export type TTemplateMoney = { amount: number; currency: string };

/**
 * The contact a mail goes to, as templates receive it: found by the recipient's e-mail among the
 * company's contacts (when the writer may read contacts), every field empty otherwise. For an
 * organisation `organisation` is empty; the address is the contact's first.
 */
export type TTemplateContact = {
  name: string;
  organisation: string;
  jobTitle: string;
  email: string;
  phone: string;
  taxNumber: string;
  /** The roles as words: "Customer, Consignee". */
  roles: string;
  /** The first address on one line: street, postal code and city, country. */
  address: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
};

/** A port or airport as templates receive it. */
const samplePort = (code: string, name: string, country: string) => ({ code, name, country });

// What every purpose offers: the sender's company, the signed-in user, and today.
const commonSample = {
  company: {
    name: 'Harbour Freight GmbH',
    email: 'ops@harbour-freight.example',
    phone: '+49 40 123456',
    address: 'Am Sandtorkai 1, 20457 Hamburg, Germany',
  },
  user: { name: 'Erin Tester', email: 'erin@harbour-freight.example' },
  recipient: { name: 'Ada King', email: 'ada.king@client.example', company: 'King Imports Ltd' },
  contact: {
    name: 'Ada King',
    organisation: 'King Imports Ltd',
    jobTitle: 'Import manager',
    email: 'ada.king@client.example',
    phone: '+1 212 555 0142',
    taxNumber: 'US 12-3456789',
    roles: 'Customer, Consignee',
    address: '350 5th Ave, 10118 New York, United States of America',
    street: '350 5th Ave',
    postalCode: '10118',
    city: 'New York',
    country: 'United States of America',
  } satisfies TTemplateContact,
  today: '2026-11-23',
};

/** A shipment's party as its documents receive it (decision 049): the contact's name and first address. */
export type TTemplateParty = { name: string; address: string; email: string; phone: string };
const sampleParty = (name: string, address: string, email: string): TTemplateParty => ({
  name,
  address,
  email,
  phone: '',
});

// A shipment as its documents receive it (services/freight/documents/document-data.ts fills it):
// every name is always there, empty when the shipment has no value for it.
const shipmentSample = {
  shipment: {
    reference: 'HF-2026-0412',
    mode: 'sea',
    direction: 'export',
    placeOfReceipt: samplePort('DEHAM', 'Hamburg', 'Germany'),
    portOfLoading: samplePort('DEHAM', 'Hamburg', 'Germany'),
    portOfDischarge: samplePort('USNYC', 'New York', 'United States'),
    placeOfDelivery: samplePort('USNYC', 'New York', 'United States'),
    vessel: 'Nordic Star',
    voyage: '112W',
    flight: '',
    billOfLadingNumber: 'HFHAM2604120',
    airWaybillNumber: '',
    incoterm: 'FOB Hamburg',
    marks: 'KING/NYC 1-24',
    departureDate: '2026-12-02',
    arrivalDate: '2026-12-14',
    packages: 24,
    grossWeightKg: 27370,
    volumeM3: 58.4,
    containers: [
      { number: 'MSCU1234565', type: '40HC', weightKg: 18250, seals: 'SL-88121' },
      { number: 'MSCU7654321', type: '20GP', weightKg: 9120, seals: 'SL-88122' },
    ],
  },
  cargo: [
    {
      packages: 24,
      packageType: 'PX',
      description: 'Machine parts',
      hsCode: '847990',
      grossWeightKg: 27370,
      volumeM3: 58.4,
    },
  ],
  shipper: sampleParty(
    'Harbour Freight GmbH',
    'Am Sandtorkai 1, 20457 Hamburg',
    'ops@harbour-freight.example',
  ),
  consignee: sampleParty('King Imports Ltd', '350 5th Ave, New York, NY 10118', 'ada.king@client.example'),
  notifyParty: sampleParty('King Imports Ltd', '350 5th Ave, New York, NY 10118', 'ada.king@client.example'),
  customer: sampleParty('King Imports Ltd', '350 5th Ave, New York, NY 10118', 'ada.king@client.example'),
  goods: 'Machine parts, 24 pallets',
};

/** The sell charges an arrival notice asks for (never the buy side or a margin: decision 049). */
const chargesSample = {
  charges: {
    total: { amount: 1845.5, currency: 'EUR' } satisfies TTemplateMoney,
    lines: [
      {
        code: 'THC-D',
        description: 'Terminal handling at destination',
        amount: { amount: 1845.5, currency: 'EUR' } satisfies TTemplateMoney,
      },
    ],
  },
};

/** Sample data per purpose: the editor previews with it, and it names every variable a purpose has. */
export const templateSamples: Record<TTemplatePurpose, Record<string, unknown>> = {
  'booking-confirmation': { ...commonSample, ...shipmentSample },
  'arrival-notice': { ...commonSample, ...shipmentSample, ...chargesSample },
  'house-bill-of-lading': { ...commonSample, ...shipmentSample },
  'sea-waybill': { ...commonSample, ...shipmentSample },
  'house-air-waybill': { ...commonSample, ...shipmentSample },
  quotation: {
    ...commonSample,
    quote: {
      reference: 'Q-2026-0088',
      validUntil: '2026-12-31',
      route: 'Hamburg to New York',
      total: { amount: 4250, currency: 'EUR' } satisfies TTemplateMoney,
    },
  },
  'invoice-email': {
    ...commonSample,
    invoice: {
      number: 'INV-2026-1042',
      dueDate: '2026-12-20',
      total: { amount: 3120.75, currency: 'EUR' } satisfies TTemplateMoney,
    },
  },
  invitation: { ...commonSample, invitation: { link: 'https://cargodesk.example/auth/action?mode=x' } },
  other: { ...commonSample },
};

/** One variable of a purpose's catalogue, as the editor offers it for insertion. */
export type TTemplateVariable = {
  /** The name a template writes: `shipment.portOfLoading.name`. */
  path: string;
  /** How it is best written: money and dates through their filter, a list in a loop. */
  kind: 'text' | 'number' | 'date' | 'money' | 'list';
  /** What the sample data holds, as the preview shows it. */
  sample: string;
  /** The expression inserted between `{{` and `}}`; a list's is its first item's field. */
  expression: string;
};

const isMoneySample = (value: unknown): value is TTemplateMoney =>
  typeof value === 'object' && value !== null && 'amount' in value && 'currency' in value;
const isDateSample = (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** Every variable a purpose offers, from its sample data: what the editor lists and inserts. */
export const templateVariables = (purpose: TTemplatePurpose): TTemplateVariable[] => {
  const variables: TTemplateVariable[] = [];
  const walk = (value: unknown, path: string) => {
    if (isMoneySample(value)) {
      variables.push({
        path,
        kind: 'money',
        sample: `${value.amount} ${value.currency}`,
        expression: `${path} | money`,
      });
    } else if (Array.isArray(value)) {
      variables.push({ path, kind: 'list', sample: `${value.length} items`, expression: path });
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key);
    } else if (isDateSample(value)) {
      variables.push({ path, kind: 'date', sample: String(value), expression: `${path} | local_date` });
    } else {
      const kind = typeof value === 'number' ? 'number' : 'text';
      variables.push({ path, kind, sample: String(value), expression: path });
    }
  };
  walk(templateSamples[purpose], '');
  return variables;
};

// The API (templateserver /templates): requests the server validates and the shapes it answers with.

const ZPage = z.object({
  size: z.enum(['A4', 'Letter']),
  marginsMm: z.object({
    top: z.number().min(0).max(50),
    right: z.number().min(0).max(50),
    bottom: z.number().min(0).max(50),
    left: z.number().min(0).max(50),
  }),
});
export type TTemplatePageSetup = z.infer<typeof ZPage>;
export const defaultTemplatePage: TTemplatePageSetup = {
  size: 'A4',
  marginsMm: { top: 20, right: 18, bottom: 20, left: 18 },
};

const templateName = z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters');
/** A language tag: en, de, pt-BR. */
const templateLanguage = z
  .string()
  .trim()
  .regex(/^[a-z]{2,3}(-[A-Z][a-zA-Z]{1,3}|-\d{3})?$/, 'must be a language tag such as en, de or pt-BR');
const templateBody = z
  .string()
  .max(
    templateRules.bodyMaxLength,
    `must be at most ${templateRules.bodyMaxLength.toLocaleString('en')} characters`,
  );
const templateSubject = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(templateRules.subjectMaxLength, `must be at most ${templateRules.subjectMaxLength} characters`);

/** What a save writes: the text, and the subject (emails) or the page (documents). */
export const ZTemplateContent = z
  .object({ subject: templateSubject.optional(), body: templateBody, page: ZPage.optional() })
  .strict();
export type TTemplateContent = z.infer<typeof ZTemplateContent>;

/** POST /templates. `familyId` makes it another language of an existing template. */
export const ZTemplateCreate = ZTemplateContent.extend({
  type: z.enum(templateTypes),
  purpose: z.enum(templatePurposes),
  name: templateName,
  language: templateLanguage,
  familyId: z.uuid().optional(),
}).strict();
export type TTemplateCreate = z.infer<typeof ZTemplateCreate>;

/** PATCH /templates/:id: what describes a template, or archiving it; its text changes by a save. */
export const ZTemplateUpdate = z
  .object({
    name: templateName,
    purpose: z.enum(templatePurposes),
    language: templateLanguage,
    status: z.enum(['active', 'archived']),
  })
  .partial()
  .strict();
export type TTemplateUpdate = z.infer<typeof ZTemplateUpdate>;

export const templateSortFields = ['name', 'updatedAt', 'purpose', 'language'] as const;
const templateSorts = templateSortFields.flatMap((field) => [field, `-${field}`] as const);
export const ZTemplateListQuery = ZPageQuery.extend({
  sort: z.enum(templateSorts).optional(),
  type: z.enum(templateTypes).optional(),
  purpose: z.enum(templatePurposes).optional(),
  language: templateLanguage.optional(),
  status: z.enum(['active', 'archived']).optional(),
}).strict();
export type TTemplateListQuery = z.infer<typeof ZTemplateListQuery>;

/** A saved version, as its history lists it. */
export const ZTemplateVersionSummary = z.object({
  _id: z.string(),
  number: z.number().int(),
  createdAt: z.string(),
  createdByEmail: z.string().nullable(),
});
export type TTemplateVersionSummary = z.infer<typeof ZTemplateVersionSummary>;

export const ZTemplateVersion = ZTemplateVersionSummary.extend({
  subject: z.string().nullable(),
  body: z.string(),
  page: ZPage.nullable(),
});
export type TTemplateVersion = z.infer<typeof ZTemplateVersion>;

/** A template as lists show it: no text, the last change and who made it. */
export const ZTemplateSummary = z.object({
  _id: z.string(),
  familyId: z.string(),
  type: z.enum(templateTypes),
  purpose: z.enum(templatePurposes),
  name: z.string(),
  language: z.string(),
  status: z.enum(['active', 'archived']),
  versionNumber: z.number().int().nullable(),
  updatedAt: z.string(),
  updatedByEmail: z.string().nullable(),
});
export type TTemplateSummary = z.infer<typeof ZTemplateSummary>;

/** One template with its current text. */
export const ZTemplate = ZTemplateSummary.extend({ current: ZTemplateVersion.nullable() });
export type TTemplate = z.infer<typeof ZTemplate>;

export const ZTemplateIdParams = z.object({ id: z.uuid('must be an id') }).strict();
export const ZTemplateVersionParams = z
  .object({ id: z.uuid('must be an id'), number: z.coerce.number().int().min(1) })
  .strict();

/** POST /templates/check: a draft checked against its purpose, and rendered with the sample data. */
export const ZTemplateDraft = ZTemplateContent.extend({
  type: z.enum(templateTypes),
  purpose: z.enum(templatePurposes),
  /** The template's language, whose way of writing dates and numbers the preview uses. */
  language: templateLanguage.optional(),
}).strict();
export type TTemplateDraft = z.infer<typeof ZTemplateDraft>;

export const ZTemplateProblem = z.object({
  message: z.string(),
  line: z.number(),
  column: z.number(),
  /** Where it is: the body, or an email's subject line. */
  part: z.enum(['body', 'subject']),
});
export type TTemplateProblem = z.infer<typeof ZTemplateProblem>;
export const ZTemplateCheck = z.object({
  problems: z.array(ZTemplateProblem),
  unknownVariables: z.array(z.string()),
  /** The sample render: null when a problem stops it. */
  preview: z.object({ subject: z.string().nullable(), body: z.string() }).nullable(),
});
export type TTemplateCheck = z.infer<typeof ZTemplateCheck>;

/**
 * POST /templates/:id/render and /templates/:id/attachment: a template made for one mail, filled with
 * the company, the sender, the recipient and today. `language` asks for that language of the
 * template; without it, or without such a language, the company's language is used, then the one chosen.
 */
export const ZTemplateUseRequest = z
  .object({
    recipient: z
      .object({
        email: z.email({ error: 'must be an email address' }).max(320),
        name: z.string().trim().max(200).optional(),
      })
      .strict(),
    language: templateLanguage.optional(),
  })
  .strict();
export type TTemplateUseRequest = z.infer<typeof ZTemplateUseRequest>;

/** Which template and version were used, and in what language. */
const ZTemplateUsed = z.object({
  templateId: z.string(),
  versionId: z.string(),
  name: z.string(),
  language: z.string(),
});

/** An email template filled for a mail: the composer's subject and body. */
export const ZRenderedTemplate = ZTemplateUsed.extend({ subject: z.string(), body: z.string() });
export type TRenderedTemplate = z.infer<typeof ZRenderedTemplate>;

/** A document template printed for a mail and stored as the company's file, ready to attach. */
export const ZTemplateAttachment = ZTemplateUsed.extend({ file: ZFileMeta });
export type TTemplateAttachment = z.infer<typeof ZTemplateAttachment>;
