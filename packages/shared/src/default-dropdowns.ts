import type { TDropdownGroup } from './reference-data.ts';

const toValues = (entries: [label: string, value: string][]) =>
  entries.map(([label, value], index) => ({ label, value, order: index + 1 }));

/**
 * The default picklists of each module: the company profile's (module `home`) and the charge codes of
 * a shipment's buy and sell lines (module `freight`). Each company starts from these and edits its
 * own copy (master-data picklists).
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
  freight: [
    {
      group: 'charge_code',
      label: 'Charge code',
      values: toValues([
        ['Ocean freight', 'OFR'],
        ['Air freight', 'AFR'],
        ['Bunker adjustment factor', 'BAF'],
        ['Currency adjustment factor', 'CAF'],
        ['Terminal handling, origin', 'THC-O'],
        ['Terminal handling, destination', 'THC-D'],
        ['Fuel surcharge', 'FSC'],
        ['Security surcharge', 'SSC'],
        ['Pick-up', 'PUP'],
        ['Delivery', 'DEL'],
        ['Documentation', 'DOC'],
        ['Customs clearance', 'CUS'],
        ['Insurance', 'INS'],
        ['Handling', 'HDL'],
      ]),
    },
  ],
};

/** A module's default picklists; own keys only, so a module named like a prototype member finds none. */
export const defaultDropdownsOf = (module: string): TDropdownGroup[] =>
  (Object.hasOwn(defaultDropdowns, module) ? defaultDropdowns[module] : undefined) ?? [];
