import type { TAdminCompany, TAdminCompanyListQuery } from '@cargodesk/shared';
import type { TableProps } from 'antd';
import { Link } from 'react-router';
import { ListFilterSelects, labelledOptions, type TListFilter } from '@/components/list-filter-select.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { paths } from '@/config/paths.ts';
import { useFormat } from '@/lib/format/format-store.ts';
import type { TFormatter } from '@/lib/format/formatter.ts';
import { oneOf } from '@/lib/list/list-url.ts';
import { useListState } from '@/lib/list/use-list-state.ts';
import { getAdminCompanies, useAdminCompanies } from '../api/companies.ts';
import { CompanyStatusTags } from '../components/company-status-tag.tsx';
import { formatBytes } from '../components/format-usage.ts';
import { planLastDayOf } from '../components/plan-day.ts';

type TCompanyFilters = { status: 'active' | 'suspended'; expired: 'true' | 'false' };
type TSortField = 'name' | 'planExpiresAt' | 'createdAt' | 'status';
// Spelled out rather than imported: shared's values would bring zod, which the page's CSP refuses.
const sortFields: readonly TSortField[] = ['name', 'planExpiresAt', 'createdAt', 'status'];

const statusOptions = labelledOptions(['active', 'suspended'], { active: 'Active', suspended: 'Suspended' });
const planOptions = labelledOptions(['true', 'false'], { true: 'Plan expired', false: 'Plan current' });
const filters: TListFilter<TCompanyFilters>[] = [
  { name: 'status', by: 'status', placeholder: 'All statuses', width: 160, options: statusOptions },
  { name: 'expired', by: 'plan', placeholder: 'Any plan state', width: 180, options: planOptions },
];

const columnsOf = ({
  formatDate,
  formatDay,
  formatNumber,
}: TFormatter): NonNullable<TableProps<TAdminCompany>['columns']> => [
  {
    key: 'name',
    title: 'Company',
    sorter: true,
    render: (_, company) => <Link to={paths.adminCompany.href({ id: company._id })}>{company.name}</Link>,
  },
  {
    key: 'status',
    title: 'Status',
    sorter: true,
    render: (_, company) => <CompanyStatusTags company={company} />,
  },
  { key: 'plan', title: 'Plan', dataIndex: 'planName' },
  {
    key: 'planExpiresAt',
    title: 'Plan until',
    sorter: true,
    render: (_, company) => formatDay(planLastDayOf(company.planExpiresAt)),
  },
  { key: 'userCount', title: 'Users', align: 'right', dataIndex: 'userCount' },
  {
    key: 'mails',
    title: 'Mails this month',
    align: 'right',
    responsive: ['md'],
    render: (_, company) => formatNumber(company.mailsSentThisMonth),
  },
  {
    key: 'storage',
    title: 'Storage',
    align: 'right',
    responsive: ['md'],
    render: (_, company) => formatBytes(company.storageBytes),
  },
  {
    key: 'createdAt',
    title: 'Joined',
    sorter: true,
    responsive: ['lg'],
    render: (_, company) => formatDate(company.createdAt),
  },
];

export const AdminCompaniesRoute = () => {
  const format = useFormat();
  const list = useListState<TCompanyFilters, TSortField>({
    filters: { status: oneOf(['active', 'suspended'] as const), expired: oneOf(['true', 'false'] as const) },
    sortFields,
  });
  const query = list.query as TAdminCompanyListQuery;
  const companies = useAdminCompanies(query);
  return (
    <ListPage<TAdminCompany, TCompanyFilters, TSortField>
      title="Companies"
      intro="Every company on this installation: plan, status and use. Open one to change its plan or suspend it."
      search={{ label: 'Search companies', placeholder: 'Search by name', regionLabel: 'Find companies' }}
      filters={<ListFilterSelects list={list} filters={filters} />}
      list={list}
      query={companies}
      columns={columnsOf(format)}
      noun={{ one: 'company', other: 'companies' }}
      empty={{ unfiltered: 'No companies yet.' }}
      notAllowed={{ what: 'the companies of this installation' }}
      export={{
        fileName: 'companies.csv',
        columns: [
          { title: 'Company', value: (company) => company.name },
          { title: 'Status', value: (company) => company.status },
          { title: 'Plan', value: (company) => company.planName },
          { title: 'Plan until', value: (company) => company.planExpiresAt },
          { title: 'Users', value: (company) => company.userCount },
          { title: 'Mails this month', value: (company) => company.mailsSentThisMonth },
          { title: 'Storage (bytes)', value: (company) => company.storageBytes },
        ],
        fetchPage: (page) => getAdminCompanies({ ...query, ...page }),
      }}
    />
  );
};
