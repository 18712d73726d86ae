import type { TPlatformAuditAction, TPlatformAuditEvent, TPlatformAuditQuery } from '@cargodesk/shared';
import type { TableProps } from 'antd';
import { Link } from 'react-router';
import { ListFilterSelects, labelledOptions, type TListFilter } from '@/components/list-filter-select.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { paths } from '@/config/paths.ts';
import { useFormat } from '@/lib/format/format-store.ts';
import type { TFormatter } from '@/lib/format/formatter.ts';
import { oneOf } from '@/lib/list/list-url.ts';
import { useListState } from '@/lib/list/use-list-state.ts';
import { usePlatformAudit } from '../api/companies.ts';
import { planLastDayOf } from '../components/plan-day.ts';

// The platform's own trail: which platform administrator did what to which company, newest first.

// Spelled out rather than imported: shared's values would bring zod, which the page's CSP refuses.
const actionLabels: Record<TPlatformAuditAction, string> = {
  'plan-change': 'Changed the plan',
  suspend: 'Suspended',
  reactivate: 'Reactivated',
  'view-company': 'Viewed users, groups or roles',
  'catalogue-import-apply': 'Applied a port catalogue import',
  'issue-answer': 'Answered a reported problem',
};
const actions = Object.keys(actionLabels) as TPlatformAuditAction[];

/** What changed, as a short line: the plan before and after, or the reason given. */
const describe = (event: TPlatformAuditEvent, { formatDay }: Pick<TFormatter, 'formatDay'>) => {
  const details = event.details as {
    before?: Record<string, unknown>;
    after?: Record<string, unknown>;
    viewed?: string;
  } | null;
  if (details?.viewed) return `Viewed the ${details.viewed}`;
  const issue = event.details as { title?: string; status?: { to: string } } | null;
  if (typeof issue?.title === 'string')
    return issue.status ? `“${issue.title}”: ${issue.status.to.replace('_', ' ')}` : `“${issue.title}”`;
  const after = details?.after;
  if (!after) return '';
  if (typeof after.statusReason === 'string') return `“${after.statusReason}”`;
  if (typeof after.planName === 'string' && typeof after.planExpiresAt === 'string')
    return `${after.planName} until ${formatDay(planLastDayOf(after.planExpiresAt))}`;
  return '';
};

const columnsOf = (format: TFormatter): NonNullable<TableProps<TPlatformAuditEvent>['columns']> => [
  { key: 'occurredAt', title: 'When', render: (_, event) => format.formatDateTime(event.occurredAt) },
  { key: 'actor', title: 'Who', dataIndex: 'actorEmail' },
  {
    key: 'action',
    title: 'What',
    render: (_, event) => actionLabels[event.action as TPlatformAuditAction] ?? event.action,
  },
  {
    key: 'company',
    title: 'Company',
    render: (_, event) =>
      event.companyId ? (
        <Link to={paths.adminCompany.href({ id: event.companyId })}>
          {event.companyName ?? event.companyId}
        </Link>
      ) : (
        '—'
      ),
  },
  { key: 'details', title: 'Details', responsive: ['md'], render: (_, event) => describe(event, format) },
];

type TAuditFilters = { action: TPlatformAuditAction };

const filters: TListFilter<TAuditFilters>[] = [
  {
    name: 'action',
    by: 'action',
    placeholder: 'All actions',
    width: 240,
    options: labelledOptions(actions, actionLabels),
  },
];

export const PlatformAuditRoute = () => {
  const format = useFormat();
  const list = useListState<TAuditFilters, never>({ filters: { action: oneOf(actions) }, sortFields: [] });
  const events = usePlatformAudit(list.query as TPlatformAuditQuery);
  return (
    <ListPage<TPlatformAuditEvent, TAuditFilters, never>
      title="Platform trail"
      intro="Every platform administrator's action on a company. It cannot be edited."
      search={{
        label: 'Search the trail',
        placeholder: 'Search by administrator or company',
        regionLabel: 'Find platform actions',
      }}
      filters={<ListFilterSelects list={list} filters={filters} />}
      list={list}
      query={events}
      columns={columnsOf(format)}
      noun={{ one: 'action', other: 'actions' }}
      empty={{ filtered: 'No actions of this kind yet.', unfiltered: 'No platform actions yet.' }}
      notAllowed={{ what: 'the platform trail' }}
    />
  );
};
