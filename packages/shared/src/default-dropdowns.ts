import type { TDropdownGroup } from './reference-data.ts';

const toValues = (entries: [label: string, value: string][]) =>
  entries.map(([label, value], index) => ({ label, value, order: index + 1 }));

/**
 * The picklists the company profile needs at start-up (module `home`). Until picklists become
 * editable per company, every company sees this catalogue.
 */
export const defaultDropdowns: Record<string, TDropdownGroup[]> = {
  home: [
    {
      group: 'company_type',
      label: 'Company type',
      values: toValues([
        ['Freight forwarder', 'freight_forwarder'],
        ['Customs broker', 'customs_broker'],
        ['Shipping line', 'shipping_line'],
        ['NVOCC', 'nvocc'],
        ['Airline', 'airline'],
        ['Trucking company', 'trucking'],
        ['Warehouse / 3PL', 'warehouse'],
        ['Shipper', 'shipper'],
        ['Other', 'other'],
      ]),
    },
    {
      group: 'account_type',
      label: 'Account type',
      values: toValues([
        ['Business', 'business'],
        ['Enterprise', 'enterprise'],
        ['Agent', 'agent'],
        ['Partner', 'partner'],
      ]),
    },
    {
      group: 'prefered_language',
      label: 'Preferred language',
      values: toValues([
        ['English', 'en'],
        ['Spanish', 'es'],
        ['French', 'fr'],
        ['German', 'de'],
        ['Portuguese', 'pt'],
        ['Italian', 'it'],
        ['Dutch', 'nl'],
        ['Arabic', 'ar'],
        ['Chinese', 'zh'],
        ['Hindi', 'hi'],
      ]),
    },
  ],
};

/** A module's default picklists; own keys only, so a module named like a prototype member finds none. */
export const defaultDropdownsOf = (module: string): TDropdownGroup[] =>
  (Object.hasOwn(defaultDropdowns, module) ? defaultDropdowns[module] : undefined) ?? [];
