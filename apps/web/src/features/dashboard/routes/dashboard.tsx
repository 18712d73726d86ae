import { BankOutlined, SettingOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import type {
  TAuditEvent,
  TBookingStatus,
  TIssueStatus,
  TReportChartType,
  TSentMail,
} from '@cargodesk/shared';
import { Link } from 'react-router';
import { describeEvent, describeSubject } from '@/components/history/describe-change.ts';
import { paths } from '@/config/paths.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { useCanReadShipments } from '@/lib/auth/products.ts';
import { useSession } from '@/lib/auth/session-store.ts';
import { useFormat } from '@/lib/format/format-store.ts';
import {
  dashboardBookingStatuses,
  dashboardQueries,
  shipmentTimingFilters,
  usePanelData,
} from '../api/dashboard.ts';
import { GettingStarted, type TGettingStartedStep } from '../components/getting-started.tsx';
import { Panel, PanelRow, PanelRows } from '../components/panel.tsx';
import './dashboard.css';

const dayMs = 24 * 60 * 60 * 1000;

// Words spelled out rather than imported: the first signed-in page loads no module of the report,
// issue or mail screens, nor shared's lists, which sit beside zod.
const chartLabels: Record<TReportChartType, string> = {
  table: 'Table',
  bar: 'Bar chart',
  line: 'Line chart',
  pie: 'Pie chart',
};
const problemStatusLabels: Partial<Record<TIssueStatus, string>> = {
  open: 'Open',
  in_progress: 'In progress',
};
const bookingStatusLabels: Record<TBookingStatus, string> = {
  RECEIVED: 'Received',
  PENDING_UPDATE: 'Pending update',
  UPDATE_RECEIVED: 'Update received',
  CONFIRMED: 'Confirmed',
  PENDING_AMENDMENT: 'Pending amendment',
  REJECTED: 'Rejected',
  DECLINED: 'Declined',
  CANCELLED: 'Cancelled',
  COMPLETED: 'Completed',
};
const shipmentTimings = [
  { key: 'arrivingThisWeek', label: 'Arriving this week' },
  { key: 'departingThisWeek', label: 'Departing this week' },
  { key: 'late', label: 'Late' },
] as const;

/** The shipments list with these filters, as its URL keeps them. */
const shipmentsWith = (filters: Record<string, string>) =>
  `${paths.shipments.href()}?${new URLSearchParams(filters).toString()}`;

const mailStatusLabels: Record<TSentMail['status'], string> = {
  queued: 'Waiting to send',
  sent: 'Sent',
  failed: 'Failed',
};

/** Whole days from now until the plan's expiry date; negative once it has passed. */
export const daysUntil = (isoDate: string, now = Date.now()) =>
  Math.ceil((Date.parse(isoDate) - now) / dayMs);

const shortcuts = [
  { href: paths.settingsProfile.href(), title: 'My profile', icon: <UserOutlined /> },
  { href: paths.settingsCompany.href(), title: 'Company profile', icon: <BankOutlined /> },
  { href: paths.settingsUsers.href(), title: 'Users', icon: <TeamOutlined /> },
  { href: paths.settingsRoles.href(), title: 'Roles', icon: <SettingOutlined /> },
];

/** "You created the port “Hamburg”." — the audit log's own sentence, with the reader as "You". */
const sentenceOf = (event: TAuditEvent, userId: string) =>
  describeEvent(
    { ...event, actor: { ...event.actor, name: event.actor.userId === userId ? 'You' : null } },
    { subject: describeSubject(event) },
  )[0];

const recipientsOf = (mail: TSentMail) => {
  const [first, ...rest] = mail.to;
  return rest.length > 0 ? `${first} and ${rest.length} more` : (first ?? '');
};

/**
 * The first page after sign-in: what needs doing and what happened lately in the company, each panel
 * shown to those whose role lets them open the list behind it.
 */
export const DashboardRoute = () => {
  const { formatDate, formatDateTime, formatNumber } = useFormat();
  const { user } = useSession();
  const can = {
    readUsers: useCan('users:read'),
    inviteUsers: useCan('users:write'),
    readReports: useCan('reports:read'),
    readAudit: useCan('audit:read'),
    readContacts: useCan('contacts:read'),
    writeContacts: useCan('contacts:write'),
    sendMail: useCan('mail:send'),
    writeCompany: useCan('company:write'),
    writeCurrencies: useCan('currencies:write'),
    writeTemplates: useCan('templates:write'),
    readShipments: useCanReadShipments(),
  };
  const shipmentCounts = usePanelData(dashboardQueries.shipmentCounts(), { enabled: can.readShipments });
  const userCounts = usePanelData(dashboardQueries.userCounts(), {
    enabled: can.inviteUsers && can.readUsers,
  });
  const pinnedReports = usePanelData(dashboardQueries.pinnedReports(), { enabled: can.readReports });
  const recentChanges = usePanelData(dashboardQueries.recentChanges(), { enabled: can.readAudit });
  const openProblems = usePanelData(dashboardQueries.openProblems(), { enabled: true });
  const recentContacts = usePanelData(dashboardQueries.recentContacts(), { enabled: can.readContacts });
  const recentMail = usePanelData(dashboardQueries.recentMail(), { enabled: can.sendMail });
  const baseCurrency = usePanelData(dashboardQueries.baseCurrency(), { enabled: can.writeCurrencies });
  const lastChangedTemplate = usePanelData(dashboardQueries.lastChangedTemplate(), {
    enabled: can.writeTemplates,
  });
  if (!user) return null;
  const { company } = user;
  const plan = company.subscripedPlan;
  const daysLeft = daysUntil(plan.expiryDate);

  const steps: (TGettingStartedStep & { isShown: boolean })[] = [
    {
      key: 'base-currency',
      isShown: can.writeCurrencies,
      title: 'Choose your base currency',
      why: 'Exchange rates and amounts are kept against it.',
      href: paths.settingsCurrencies.href(),
      isDone: baseCurrency?.status === 'ready' ? baseCurrency.data.baseCurrency !== null : undefined,
    },
    {
      key: 'logo',
      isShown: can.writeCompany,
      title: 'Add your company’s logo',
      why: 'It heads the documents you print and send.',
      href: paths.settingsCompany.href(),
      isDone: Boolean(company.logoFileId),
    },
    {
      key: 'colleague',
      isShown: can.inviteUsers && can.readUsers,
      title: 'Invite a colleague',
      why: 'Each person signs in as themselves, with the role you give them.',
      href: paths.settingsUsers.href(),
      isDone:
        userCounts?.status === 'ready' ? userCounts.data.active + userCounts.data.invited > 1 : undefined,
    },
    {
      key: 'contacts',
      isShown: can.writeContacts && can.readContacts,
      title: 'Add your contacts',
      why: 'Type them in or import a spreadsheet of customers and partners.',
      href: paths.contacts.href(),
      isDone: recentContacts?.status === 'ready' ? recentContacts.data.meta.total > 0 : undefined,
    },
    {
      key: 'template',
      isShown: can.writeTemplates,
      title: 'Make a template your own',
      why: 'Put your own words into the quotation, invoice and mail templates.',
      href: paths.settingsTemplates.href(),
      isDone:
        lastChangedTemplate?.status === 'ready'
          ? lastChangedTemplate.data?.updatedByEmail != null
          : undefined,
    },
  ];
  const stepsShown = steps.filter((step) => step.isShown);

  return (
    <>
      <h1 className="dash-title">Welcome, {user.firstName || user.name}</h1>
      <p className="dash-lead">
        {company.name} · {`${plan.name} plan`} ·{' '}
        {user.isExpired ? (
          <span className="dash-expired">{`Expired on ${formatDate(plan.expiryDate)}`}</span>
        ) : (
          `${Math.max(daysLeft, 0)} ${daysLeft === 1 ? 'day' : 'days'} left, until ${formatDate(plan.expiryDate)}`
        )}
      </p>
      <div className="dash-grid">
        <GettingStarted steps={stepsShown} />
        {can.readShipments && (
          <Panel
            title="Shipments"
            className="dash-grid__full"
            more={{ href: paths.shipments.href(), label: 'All shipments' }}
          >
            <PanelRows
              panel={shipmentCounts}
              isEmpty={({ total }) => total === 0}
              empty={
                <>
                  No shipments yet. <Link to={paths.shipments.href()}>Book the first one</Link>.
                </>
              }
            >
              {(counts) => (
                <div className="dash-shipments">
                  <ul className="dash-tiles" aria-label="This week">
                    {shipmentTimings.map(({ key, label }) => (
                      <li key={key}>
                        <Link
                          to={shipmentsWith(shipmentTimingFilters[key])}
                          className={`dash-tile${key === 'late' && counts.late > 0 ? ' dash-tile--late' : ''}`}
                        >
                          <span className="dash-tile__count">{formatNumber(counts[key])}</span>
                          <span className="dash-tile__label">{label}</span>
                        </Link>
                      </li>
                    ))}
                  </ul>
                  <ul className="dash-statuses" aria-label="By booking status">
                    {dashboardBookingStatuses
                      .filter((status) => counts.byBookingStatus[status] > 0)
                      .map((status) => (
                        <li key={status}>
                          <Link to={shipmentsWith({ bookingStatus: status })}>
                            {`${bookingStatusLabels[status]}: ${formatNumber(counts.byBookingStatus[status])}`}
                          </Link>
                        </li>
                      ))}
                  </ul>
                </div>
              )}
            </PanelRows>
          </Panel>
        )}
        {can.readAudit && (
          <Panel
            title="Recent changes"
            className="dash-grid__wide"
            more={{ href: paths.settingsAudit.href(), label: 'Audit log' }}
          >
            <PanelRows
              panel={recentChanges}
              isEmpty={(events) => events.length === 0}
              empty="Nothing has changed yet."
            >
              {(events) => (
                <ul className="dash-rows">
                  {events.map((event) => (
                    <PanelRow
                      key={event._id}
                      title={sentenceOf(event, user._id)}
                      facts={<time dateTime={event.occurredAt}>{formatDateTime(event.occurredAt)}</time>}
                    />
                  ))}
                </ul>
              )}
            </PanelRows>
          </Panel>
        )}
        <Panel
          title="Reported problems"
          className="dash-grid__narrow"
          more={{ href: paths.issues.href(), label: 'All problems' }}
        >
          <PanelRows
            panel={openProblems}
            isEmpty={({ issues }) => issues.length === 0}
            empty="No problem is open. Report one from your avatar menu."
          >
            {({ issues, openCount, inProgressCount }) => (
              <>
                <p className="dash-count">{`${formatNumber(openCount)} open, ${formatNumber(inProgressCount)} in progress`}</p>
                <ul className="dash-rows">
                  {issues.map((issue) => (
                    <PanelRow
                      key={issue._id}
                      title={issue.title}
                      href={paths.issueDetail.href({ id: issue._id })}
                      facts={`${problemStatusLabels[issue.status] ?? ''} · updated ${formatDate(issue.updatedAt)}`}
                    />
                  ))}
                </ul>
              </>
            )}
          </PanelRows>
        </Panel>
        {can.readContacts && (
          <Panel
            title="Recent contacts"
            className="dash-grid__half"
            more={{ href: paths.contacts.href(), label: 'All contacts' }}
          >
            <PanelRows
              panel={recentContacts}
              isEmpty={({ data }) => data.length === 0}
              empty={
                can.writeContacts ? (
                  <>
                    No contacts yet. <Link to={paths.contacts.href()}>Add or import your first ones</Link>.
                  </>
                ) : (
                  'No contacts yet.'
                )
              }
            >
              {({ data }) => (
                <ul className="dash-rows">
                  {data.map((contact) => (
                    <PanelRow
                      key={contact._id}
                      title={contact.name}
                      href={paths.contactDetail.href({ id: contact._id })}
                      facts={[
                        contact.organisation?.name ?? contact.email,
                        `changed ${formatDate(contact.updatedAt)}`,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    />
                  ))}
                </ul>
              )}
            </PanelRows>
          </Panel>
        )}
        {can.sendMail && (
          <Panel
            title="Recent mail"
            className="dash-grid__half"
            more={{ href: `${paths.dashboard.href()}?mail=sent`, label: 'Sent mail' }}
          >
            <PanelRows
              panel={recentMail}
              isEmpty={({ data }) => data.length === 0}
              empty={
                <>
                  No mail sent yet. <Link to={`${paths.dashboard.href()}?mail=compose`}>Write one</Link>.
                </>
              }
            >
              {({ data }) => (
                <ul className="dash-rows">
                  {data.map((mail) => (
                    <PanelRow
                      key={mail._id}
                      title={mail.subject || '(no subject)'}
                      facts={
                        <>
                          <span className={mail.status === 'failed' ? 'dash-failed' : undefined}>
                            {mailStatusLabels[mail.status]}
                          </span>
                          {` · to ${recipientsOf(mail)} · ${formatDateTime(mail.sentAt ?? mail.createdAt)}`}
                        </>
                      }
                    />
                  ))}
                </ul>
              )}
            </PanelRows>
          </Panel>
        )}
        {pinnedReports?.status === 'ready' && pinnedReports.data.length > 0 && (
          <Panel title="Pinned reports" className="dash-grid__full">
            <ul className="dash-reports">
              {pinnedReports.data.map((report) => (
                <li key={report._id}>
                  <Link to={paths.reportDetail.href({ id: report._id })} className="dash-shortcut">
                    {report.name}
                  </Link>
                  <span className="dash-secondary">{chartLabels[report.chart]}</span>
                </li>
              ))}
            </ul>
          </Panel>
        )}
        <Panel title="Settings" className="dash-grid__full">
          <div className="dash-shortcuts">
            {shortcuts.map(({ href, title, icon }) => (
              <Link key={href} to={href} className="dash-shortcut">
                {icon} {title}
              </Link>
            ))}
          </div>
        </Panel>
      </div>
    </>
  );
};
