import {
  contactRules,
  type TContactAddress,
  type TContactEmail,
  type TContactPhone,
} from '@cargodesk/shared';

// The columns a contact's list, filters, duplicate check and search read, derived from what the user
// wrote. Every write goes through here, so they never drift from the e-mails, phones and addresses.

export type TContactLists = {
  emails: TContactEmail[];
  phones: TContactPhone[];
  addresses: TContactAddress[];
};

export type TContactWritten = {
  name: string;
  emails: TContactEmail[];
  phones: TContactPhone[];
  addresses: TContactAddress[];
  taxNumber: string | null;
};

/** Letters and digits only, upper-cased: "DE 123.456.789" and "de123456789" are one tax number. */
export const taxKeyOf = (taxNumber: string | null | undefined) => {
  const key = (taxNumber ?? '').replace(/[^\p{L}\p{N}]/gu, '').toUpperCase();
  return key === '' ? null : key;
};

export const emailKeyOf = (address: string) => address.trim().toLowerCase();

/** What search matches: a phone also by its digits alone, so "+49 40 123" finds "004940123…". */
const searchTextOf = (written: TContactWritten) =>
  [
    written.name,
    ...written.emails.map((email) => email.address),
    ...written.phones.flatMap((phone) => [phone.number, phone.number.replace(/\D/g, '')]),
    ...written.addresses.map((address) => address.city),
    written.taxNumber ?? '',
    taxKeyOf(written.taxNumber) ?? '',
  ]
    .filter((part) => part !== '')
    .join(' ')
    .toLowerCase();

export const derivedColumnsOf = (written: TContactWritten) => {
  const [firstAddress] = written.addresses;
  return {
    primaryEmail: written.emails[0]?.address ?? null,
    primaryPhone: written.phones[0]?.number ?? null,
    city: firstAddress?.city || null,
    countryCode: firstAddress?.countryCode ?? null,
    emailKeys: [...new Set(written.emails.map((email) => emailKeyOf(email.address)))],
    countryCodes: [...new Set(written.addresses.map((address) => address.countryCode))],
    taxKey: taxKeyOf(written.taxNumber),
    searchText: searchTextOf(written),
  };
};

const unionBy = <T>(kept: T[], added: T[], keyOf: (item: T) => string) => {
  const seen = new Set(kept.map(keyOf));
  return [...kept, ...added.filter((item) => !seen.has(keyOf(item)))].slice(0, contactRules.entriesMax);
};

/**
 * The e-mails, phones and addresses of `kept` with those of `added` it lacks (a merge, an import's
 * update): the same address in another case, a phone in other punctuation, counts as one.
 */
export const unionOfLists = (kept: TContactLists, added: TContactLists): TContactLists => ({
  emails: unionBy(kept.emails, added.emails, (email) => emailKeyOf(email.address)),
  phones: unionBy(kept.phones, added.phones, (phone) => phone.number.replace(/\D/g, '')),
  addresses: unionBy(kept.addresses, added.addresses, (address) =>
    [address.street, address.postalCode, address.city, address.countryCode].join('|').toLowerCase(),
  ),
});
