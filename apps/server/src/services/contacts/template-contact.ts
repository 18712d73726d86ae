import { contactRoleLabels, type TContactRole, type TTemplateContact } from '@cargodesk/shared';
import type { Queryable } from '../../db/client.ts';
import type { TAuthContext } from '../../platform/auth/auth-context.ts';
import { listCountries } from '../../platform/reference/reference-data.ts';
import { emailKeyOf } from './contact-row.ts';
import { findContactByEmail, findContactsByIds } from './recipients-repository.ts';

// The `contact` a template is filled with: the company's contact the mail goes to, found by the
// recipient's e-mail. A writer who may not read contacts gets none, so a template cannot be used to
// read what the contacts screen would refuse them.

export const noTemplateContact: TTemplateContact = {
  name: '',
  organisation: '',
  jobTitle: '',
  email: '',
  phone: '',
  taxNumber: '',
  roles: '',
  address: '',
  street: '',
  postalCode: '',
  city: '',
  country: '',
};

let countryNames: Map<string, string> | undefined;
const countryNameOf = (code: string) => {
  countryNames ??= new Map(listCountries().map((country) => [country.code, country.name]));
  return countryNames.get(code) ?? code;
};

type TContactRow = NonNullable<Awaited<ReturnType<typeof findContactByEmail>>>;

const templateContactOf = ({ contact, organisationName }: TContactRow): TTemplateContact => {
  const [address] = contact.addresses;
  const country = address ? countryNameOf(address.countryCode) : '';
  const cityLine = address ? [address.postalCode, address.city].filter(Boolean).join(' ') : '';
  return {
    name: contact.name,
    organisation: organisationName ?? '',
    jobTitle: contact.jobTitle ?? '',
    email: contact.primaryEmail ?? '',
    phone: contact.primaryPhone ?? '',
    taxNumber: contact.taxNumber ?? '',
    roles: contact.roles.map((role) => contactRoleLabels[role as TContactRole] ?? role).join(', '),
    address: [address?.street, cityLine, country].filter(Boolean).join(', '),
    street: address?.street ?? '',
    postalCode: address?.postalCode ?? '',
    city: address?.city ?? '',
    country,
  };
};

/**
 * A shipment's parties as its documents print them (freight, decision 049): each contact's current
 * details by id, for the copy an issued document keeps. A contact deleted since is left out.
 */
export const findDocumentParties = async (
  tx: Queryable,
  companyId: string,
  ids: readonly string[],
): Promise<Map<string, TTemplateContact>> => {
  const rows = await findContactsByIds(tx, companyId, ids);
  return new Map(rows.map((row) => [row.contact.id, templateContactOf(row)]));
};

/** The recipient's contact as templates receive it, or null when there is none the writer may read. */
export const findTemplateContact = async (
  tx: Queryable,
  auth: TAuthContext,
  recipientEmail: string,
): Promise<TTemplateContact | null> => {
  if (!auth.permissions.includes('contacts:read')) return null;
  const found = await findContactByEmail(tx, auth.companyId, emailKeyOf(recipientEmail));
  if (!found) return null;
  return templateContactOf(found);
};
