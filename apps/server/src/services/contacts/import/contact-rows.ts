import {
  contactImportFields,
  contactRoleLabels,
  contactRoles,
  type TContactImportField,
  type TContactRole,
  ZContactCreate,
} from '@cargodesk/shared';

// A contacts CSV's rows, each read into a contact or the reason it is refused. Nothing here touches
// the database: the import service matches and writes what this accepts.

const normalise = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** Header names people give each field, normalised. */
const headerSynonyms: Record<TContactImportField, string[]> = {
  name: [
    'name',
    'company',
    'companyname',
    'organisationname',
    'organizationname',
    'fullname',
    'contact',
    'contactname',
  ],
  kind: ['kind', 'type', 'contacttype'],
  organisation: ['organisation', 'organization', 'employer', 'worksat', 'account'],
  jobTitle: ['jobtitle', 'title', 'position'],
  roles: ['roles', 'role', 'category', 'relationship'],
  email: ['email', 'emailaddress', 'mail'],
  email2: ['email2', 'secondemail', 'otheremail'],
  phone: ['phone', 'telephone', 'tel', 'phonenumber', 'mobile'],
  phone2: ['phone2', 'secondphone', 'otherphone', 'fax'],
  street: ['street', 'address', 'addressline', 'streetaddress', 'address1'],
  postalCode: ['postalcode', 'postcode', 'zip', 'zipcode', 'plz'],
  city: ['city', 'town', 'place'],
  region: ['region', 'state', 'province', 'county'],
  country: ['country', 'countrycode', 'land'],
  locationCode: ['port', 'portcode', 'unlocode', 'locode', 'airport', 'airportcode'],
  taxNumber: ['taxnumber', 'vat', 'vatnumber', 'vatid', 'taxid', 'ustid', 'ein'],
  tags: ['tags', 'tag', 'labels'],
  owner: ['owner', 'accountowner', 'accountmanager'],
  notes: ['notes', 'note', 'comments', 'comment', 'remarks'],
};

/**
 * The field for each header: the company's last mapping of the same header name first, then the
 * names people usually give. A field goes to one column only.
 */
export const guessColumns = (headers: string[], remembered: Record<string, string>) => {
  const taken = new Set<string>();
  const isField = (value: string | undefined): value is TContactImportField =>
    value !== undefined && (contactImportFields as readonly string[]).includes(value);
  return headers.map((header): TContactImportField | '' => {
    const key = normalise(header);
    const fromMemory = Object.hasOwn(remembered, key) ? remembered[key] : undefined;
    const guess = isField(fromMemory)
      ? fromMemory
      : contactImportFields.find((field) => headerSynonyms[field].includes(key));
    if (!guess || taken.has(guess)) return '';
    taken.add(guess);
    return guess;
  });
};

/** The mapping to remember: each header's normalised name and the field it went to. */
export const mappingToRemember = (headers: string[], columns: (TContactImportField | '')[]) =>
  Object.fromEntries(
    headers.flatMap((header, index) => {
      const field = columns[index];
      return field ? [[normalise(header), field]] : [];
    }),
  );

export type TCountryLookup = (value: string) => string | undefined;

/** Codes and English names of countries, any case. */
export const countryLookupOf = (countries: { code: string; name: string }[]): TCountryLookup => {
  const byKey = new Map<string, string>();
  for (const country of countries) {
    byKey.set(country.code.toLowerCase(), country.code);
    byKey.set(country.name.toLowerCase(), country.code);
  }
  return (value) => byKey.get(value.trim().toLowerCase());
};

const roleByWord = new Map<string, TContactRole>(
  contactRoles.flatMap((role) => [
    [normalise(role), role],
    [normalise(contactRoleLabels[role]), role],
  ]),
);

const kindByWord: Record<string, 'organisation' | 'person'> = {
  organisation: 'organisation',
  organization: 'organisation',
  company: 'organisation',
  business: 'organisation',
  person: 'person',
  individual: 'person',
  people: 'person',
};

/** A list cell: "Customer; Shipper" or "a, b". */
const listOf = (cell: string) =>
  cell
    .split(/[;,|]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');

export type TImportedContact = {
  input: ReturnType<typeof ZContactCreate.parse>;
  organisationName: string | null;
  tagNames: string[];
  ownerEmail: string | null;
};

export type TRowReading = { contact: TImportedContact } | { reason: string };

const labelOfPath: Record<string, string> = {
  name: 'The name',
  jobTitle: 'The job title',
  emails: 'The e-mail',
  phones: 'The phone',
  addresses: 'The address',
  taxNumber: 'The tax number',
  notes: 'The notes',
};

/** One row of the file as a contact, or the first reason it cannot be one, in words. */
export const readContactRow = (
  cells: string[],
  columns: (TContactImportField | '')[],
  findCountry: TCountryLookup,
): TRowReading => {
  const value = (field: TContactImportField) => {
    const index = columns.indexOf(field);
    return index === -1 ? '' : (cells[index] ?? '').trim();
  };
  const kindCell = normalise(value('kind'));
  const kind = kindCell ? kindByWord[kindCell] : value('organisation') ? 'person' : 'organisation';
  if (!kind) return { reason: `The kind "${value('kind')}" is neither organisation nor person` };
  const roles: TContactRole[] = [];
  for (const word of listOf(value('roles'))) {
    const role = roleByWord.get(normalise(word));
    if (!role)
      return {
        reason: `The role "${word}" is not one of ${contactRoles.map((r) => contactRoleLabels[r]).join(', ')}`,
      };
    if (!roles.includes(role)) roles.push(role);
  }
  const countryCell = value('country');
  const addressCells = ['street', 'postalCode', 'city', 'region', 'locationCode'] as const;
  const hasAddress = countryCell !== '' || addressCells.some((field) => value(field) !== '');
  const countryCode = countryCell ? findCountry(countryCell) : undefined;
  if (hasAddress && !countryCode)
    return {
      reason: countryCell ? `The country "${countryCell}" is unknown` : 'An address needs its country',
    };
  const emails = [value('email'), value('email2')].filter((address) => address !== '');
  const phones = [value('phone'), value('phone2')].filter((number) => number !== '');
  const parsed = ZContactCreate.safeParse({
    kind,
    name: value('name'),
    ...(kind === 'person' && value('jobTitle') ? { jobTitle: value('jobTitle') } : {}),
    roles,
    emails: emails.map((address) => ({ label: '', address })),
    phones: phones.map((number) => ({ label: '', number })),
    addresses: hasAddress
      ? [
          {
            street: value('street'),
            postalCode: value('postalCode'),
            city: value('city'),
            region: value('region'),
            countryCode,
            ...(value('locationCode') ? { locationCode: value('locationCode') } : {}),
          },
        ]
      : [],
    ...(value('taxNumber') ? { taxNumber: value('taxNumber') } : {}),
    ...(value('notes') ? { notes: value('notes') } : {}),
  });
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const [first] = issue?.path ?? [];
    const label = labelOfPath[String(first)] ?? 'A value';
    const listed = first === 'emails' ? emails : first === 'phones' ? phones : undefined;
    const shown = listed ? ` "${listed[Number(issue?.path[1])] ?? ''}"` : '';
    return { reason: `${label}${shown} ${issue?.message ?? 'is not valid'}` };
  }
  return {
    contact: {
      input: parsed.data,
      organisationName: kind === 'person' ? value('organisation') || null : null,
      tagNames: listOf(value('tags')),
      ownerEmail: value('owner') || null,
    },
  };
};
