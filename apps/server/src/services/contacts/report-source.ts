import { eq, type SQL, sql } from 'drizzle-orm';
import { contacts } from '../../db/schema/index.ts';
import type { TReportSource } from '../../platform/data-access/report-sources.ts';

/** The company's organisations and people, by the columns lists filter on (contact-row.ts). */
export const contactsReportSource: TReportSource = {
  key: 'contacts',
  label: 'Contacts',
  permission: 'contacts:read',
  from: sql`${contacts}`,
  scope: ({ companyId }) => eq(contacts.companyId, companyId),
  columns: [
    { key: 'name', label: 'Name', type: 'text', expression: sql`${contacts.name}`, isGroupable: true },
    {
      key: 'kind',
      label: 'Kind',
      type: 'enum',
      values: ['organisation', 'person'],
      expression: sql`${contacts.kind}`,
      isGroupable: true,
    },
    {
      key: 'email',
      label: 'E-mail',
      type: 'text',
      expression: sql`${contacts.primaryEmail}`,
      isGroupable: true,
    },
    { key: 'city', label: 'City', type: 'text', expression: sql`${contacts.city}`, isGroupable: true },
    {
      key: 'country',
      label: 'Country',
      type: 'text',
      expression: sql`${contacts.countryCode}`,
      isGroupable: true,
    },
    {
      key: 'createdAt',
      label: 'Created',
      type: 'date',
      expression: sql`${contacts.createdAt}`,
      isGroupable: true,
    },
    {
      key: 'updatedAt',
      label: 'Changed',
      type: 'date',
      expression: sql`${contacts.updatedAt}`,
      isGroupable: true,
    },
  ],
};

/**
 * A contact's name by id, as an expression another module's report source selects (a shipment's
 * customer): the id is the other module's column, the lookup stays contacts' own. Null for an id
 * that is not the company's, or a contact since deleted.
 */
export const contactNameExpression = ({ companyId, contactId }: { companyId: SQL; contactId: SQL }): SQL =>
  sql`(select ${contacts.name} from ${contacts} where ${contacts.companyId} = ${companyId} and ${contacts.id} = ${contactId})`;
