import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  appAdminMessages,
  type TAdminCompany,
  type TCompanyUser,
  type TGroup,
  type TPageQuery,
  type TRole,
} from '@cargodesk/shared';
import {
  Button,
  Card,
  Descriptions,
  Flex,
  Space,
  type TableProps,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ListPage } from '@/components/list-page.tsx';
import { RecordPlaceholder } from '@/components/record-placeholder.tsx';
import { paths } from '@/config/paths.ts';
import { useSession } from '@/lib/auth/session-store.ts';
import { useFormat } from '@/lib/format/format-store.ts';
import type { TFormatter } from '@/lib/format/formatter.ts';
import { useListState } from '@/lib/list/use-list-state.ts';
import { useAdminCompany, useCompanyPart } from '../api/companies.ts';
import { CompanyStatusTags } from '../components/company-status-tag.tsx';
import { formatBytes } from '../components/format-usage.ts';
import { planLastDayOf } from '../components/plan-day.ts';
import { PlanModal } from '../components/plan-modal.tsx';
import { StatusModal } from '../components/status-modal.tsx';

// One company in the platform console: its plan and use, who is in it and what they may do. What
// its people wrote — mails, files, contacts — is not the console's to show.

const BackToCompanies = () => (
  <Link to={paths.adminCompanies.href()}>
    <ArrowLeftOutlined /> All companies
  </Link>
);

const userColumnsOf = ({ formatDateTime }: TFormatter): NonNullable<TableProps<TCompanyUser>['columns']> => [
  { key: 'name', title: 'Name', render: (_, user) => user.name || user.email },
  { key: 'email', title: 'Email', dataIndex: 'email' },
  {
    key: 'roles',
    title: 'Roles',
    render: (_, user) => user.roles.map((role) => <Tag key={role._id}>{role.name}</Tag>),
  },
  { key: 'status', title: 'Status', dataIndex: 'status' },
  {
    key: 'lastLoginAt',
    title: 'Last sign-in',
    responsive: ['md'],
    render: (_, user) => formatDateTime(user.lastLoginAt) ?? 'Never',
  },
];
const groupColumns: TableProps<TGroup>['columns'] = [
  { key: 'name', title: 'Group', dataIndex: 'name' },
  { key: 'description', title: 'Description', dataIndex: 'description' },
];
const roleColumns: TableProps<TRole>['columns'] = [
  { key: 'name', title: 'Role', dataIndex: 'name' },
  {
    key: 'permissions',
    title: 'Permissions',
    render: (_, role) =>
      role.systemKey === 'admin' ? 'Every permission' : role.permissions.join(', ') || 'None',
  },
];

type TCompanyPart = 'users' | 'groups' | 'roles';

/** One of the company's lists, searched and paged on the server, its state kept in the screen. */
const CompanyList = <TRow extends { _id: string }>({
  companyId,
  part,
  noun,
  columns,
}: {
  companyId: string;
  part: TCompanyPart;
  noun: { one: string; other: string };
  columns: NonNullable<TableProps<TRow>['columns']>;
}) => {
  const list = useListState<Record<string, never>, never>({ filters: {}, sortFields: [], storage: 'local' });
  const rows = useCompanyPart<TRow>(companyId, part, list.query as TPageQuery);
  const title = noun.other.charAt(0).toUpperCase() + noun.other.slice(1);
  return (
    <ListPage<TRow, Record<string, never>, never>
      title={title}
      isEmbedded
      search={{
        label: `Search ${noun.other}`,
        placeholder: 'Search by name',
        regionLabel: `Find ${noun.other}`,
      }}
      list={list}
      query={rows}
      columns={columns}
      noun={noun}
      empty={{ filtered: `No ${noun.other} match your search.`, unfiltered: `No ${noun.other}.` }}
      notAllowed={{ what: `this company’s ${noun.other}` }}
      hideOnSinglePage
      tableMinWidth={560}
    />
  );
};

/** The tab of one of the company's lists, named after its rows (`users`: "Users"). */
const companyListTab = <TRow extends { _id: string }>(
  companyId: string,
  part: TCompanyPart,
  one: string,
  columns: NonNullable<TableProps<TRow>['columns']>,
) => ({
  key: part,
  label: part.charAt(0).toUpperCase() + part.slice(1),
  children: (
    <CompanyList<TRow> companyId={companyId} part={part} noun={{ one, other: part }} columns={columns} />
  ),
});

const CompanyFacts = ({ company }: { company: TAdminCompany }) => {
  const { formatDate, formatDay, formatNumber } = useFormat();
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 1, md: 2 }}
      items={[
        { key: 'plan', label: 'Plan', children: company.planName },
        { key: 'until', label: 'Plan until', children: formatDay(planLastDayOf(company.planExpiresAt)) },
        { key: 'users', label: 'Users', children: company.userCount },
        {
          key: 'mails',
          label: 'Mails this month',
          children: formatNumber(company.mailsSentThisMonth),
        },
        { key: 'storage', label: 'Storage used', children: formatBytes(company.storageBytes) },
        { key: 'joined', label: 'Joined', children: formatDate(company.createdAt) },
        ...(company.statusReason
          ? [
              {
                key: 'reason',
                label: company.status === 'suspended' ? 'Suspended because' : 'Last reactivated with',
                children: company.statusReason,
              },
            ]
          : []),
      ]}
    />
  );
};

export const AdminCompanyRoute = () => {
  const format = useFormat();
  const { id = '' } = useParams();
  const company = useAdminCompany(id);
  const session = useSession();
  const [isPlanOpen, setIsPlanOpen] = useState(false);
  const [statusAction, setStatusAction] = useState<'suspend' | 'reactivate'>();

  if (company.isPending || company.isError)
    return (
      <RecordPlaceholder
        error={company.error}
        noun="company"
        missingText="There is no company with this address on this installation."
        back={<BackToCompanies />}
      />
    );
  const shown = company.data;
  // The server refuses it too: suspending one's own company ends one's own console session.
  const isOwnCompany = session.company?._id === shown._id;
  return (
    <Card>
      <BackToCompanies />
      <Flex justify="space-between" align="center" wrap gap="small" style={{ margin: '12px 0 16px' }}>
        <Space wrap align="center">
          <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
            {shown.name}
          </Typography.Title>
          <CompanyStatusTags company={shown} />
        </Space>
        <Space wrap>
          <Button type="primary" onClick={() => setIsPlanOpen(true)}>
            Change plan
          </Button>
          {shown.status === 'suspended' ? (
            <Button onClick={() => setStatusAction('reactivate')}>Reactivate</Button>
          ) : (
            <Tooltip title={isOwnCompany ? appAdminMessages.ownCompany : undefined}>
              <Button danger disabled={isOwnCompany} onClick={() => setStatusAction('suspend')}>
                Suspend
              </Button>
            </Tooltip>
          )}
        </Space>
      </Flex>
      <CompanyFacts company={shown} />
      <Tabs
        style={{ marginTop: 16 }}
        items={[
          companyListTab<TCompanyUser>(shown._id, 'users', 'user', userColumnsOf(format)),
          companyListTab<TGroup>(shown._id, 'groups', 'group', groupColumns),
          companyListTab<TRole>(shown._id, 'roles', 'role', roleColumns),
        ]}
      />
      <PlanModal company={shown} isOpen={isPlanOpen} onClose={() => setIsPlanOpen(false)} />
      <StatusModal company={shown} action={statusAction} onClose={() => setStatusAction(undefined)} />
    </Card>
  );
};
