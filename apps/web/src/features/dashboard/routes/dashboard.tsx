import {
  BankOutlined,
  CheckCircleTwoTone,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { TReportChartType, TUserCounts } from '@cargodesk/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { useSession } from '@/lib/auth/session-store.ts';
import { useFormat } from '@/lib/format/format-store.ts';
import { usePinnedReports, useUserCounts } from '../api/dashboard.ts';
import './dashboard.css';

const dayMs = 24 * 60 * 60 * 1000;

/** Spelled out rather than imported: the first signed-in page loads no module of the report screens. */
const chartLabels: Record<TReportChartType, string> = {
  table: 'Table',
  bar: 'Bar chart',
  line: 'Line chart',
  pie: 'Pie chart',
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

// The dashboard is read-only text: plain HTML in antd's look, so the first signed-in page does not
// pull in antd's Card (with its tabs), Typography (with its tooltips), Descriptions and grid.

const Panel = ({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) => (
  <section className={`dash-panel${className ? ` ${className}` : ''}`} aria-label={title}>
    <h2 className="dash-panel__title">{title}</h2>
    <div className="dash-panel__body">{children}</div>
  </section>
);

const Details = ({ items }: { items: [label: string, value: ReactNode][] }) => (
  <dl className="dash-details">
    {items.map(([label, value]) => (
      <div key={label} className="dash-details__item">
        <dt>{label}</dt>
        <dd>{value}</dd>
      </div>
    ))}
  </dl>
);

const Tags = ({ names }: { names: { key: string; name: string; href?: string | undefined }[] }) => (
  <>
    {names.map(({ key, name, href }) =>
      href ? (
        <Link key={key} to={href} className="dash-tag dash-tag--link">
          {name}
        </Link>
      ) : (
        <span key={key} className="dash-tag">
          {name}
        </span>
      ),
    )}
  </>
);

const describeUserCounts = ({ active, invited, suspended }: TUserCounts) =>
  [
    `${active} active`,
    ...(invited > 0 ? [`${invited} invited`] : []),
    ...(suspended > 0 ? [`${suspended} suspended`] : []),
  ].join(', ');

/** The first page after sign-in: the company, its plan, the user's roles and the way to settings. */
export const DashboardRoute = () => {
  const { formatDate } = useFormat();
  const { user, referenceData } = useSession();
  const canReadUsers = useCan('users:read');
  const canReadReports = useCan('reports:read');
  // A product with a screen of its own leads there: Documents to the company's templates.
  const productLinks: Record<string, string | undefined> = {
    Documents: useCan('templates:read') ? paths.settingsTemplates.href() : undefined,
    Contacts: useCan('contacts:read') ? paths.contacts.href() : undefined,
    Reports: canReadReports ? paths.reports.href() : undefined,
  };
  const userCounts = useUserCounts({ enabled: canReadUsers });
  const pinnedReports = usePinnedReports({ enabled: canReadReports });
  if (!user) return null;
  const { company } = user;
  const plan = company.subscripedPlan;
  const daysLeft = daysUntil(plan.expiryDate);
  const expiry = formatDate(plan.expiryDate);

  const companyItems: [string, ReactNode][] = [['Name', company.name]];
  if (company.operating_country) companyItems.push(['Operating country', company.operating_country]);
  if (company.currency) companyItems.push(['Currency', company.currency]);
  if (company.timezone) companyItems.push(['Time zone', company.timezone]);
  companyItems.push(['Two-factor sign-in', company.twoFactorAuth ? 'On' : 'Off']);
  if (userCounts) companyItems.push(['Users', describeUserCounts(userCounts)]);

  const userItems: [string, ReactNode][] = [
    ['Name', user.name],
    ['Email', user.emailId],
    [
      'Roles',
      user.roles.length > 0 ? (
        <Tags key="roles" names={user.roles.map((role) => ({ key: role, name: role }))} />
      ) : (
        'None'
      ),
    ],
  ];
  if (user.products.length > 0) {
    userItems.push([
      'Products',
      <Tags
        key="products"
        names={user.products.map(({ _id, name }) => ({ key: _id, name, href: productLinks[name] }))}
      />,
    ]);
  }

  return (
    <>
      <h1 className="dash-title">Welcome, {user.firstName || user.name}</h1>
      <div className="dash-grid">
        <Panel title="Company" className="dash-grid__wide">
          <Details items={companyItems} />
        </Panel>
        <Panel title="Plan" className="dash-grid__narrow">
          <div className="dash-statistic">
            <div className="dash-statistic__title">{`${plan.name} plan`}</div>
            <div
              className={`dash-statistic__value${user.isExpired ? ' dash-statistic__value--expired' : ''}`}
            >
              {user.isExpired ? 'Expired' : Math.max(daysLeft, 0)}
              {!user.isExpired && (
                <span className="dash-statistic__suffix">{daysLeft === 1 ? 'day left' : 'days left'}</span>
              )}
            </div>
          </div>
          <span className="dash-secondary">
            {user.isExpired ? `Expired on ${expiry}` : `Renews or ends on ${expiry}`}
          </span>
        </Panel>
        <Panel title="You" className="dash-grid__wide">
          <Details items={userItems} />
        </Panel>
        <Panel title="Reference data" className="dash-grid__narrow">
          {referenceData ? (
            <p className="dash-paragraph">
              <CheckCircleTwoTone twoToneColor="#13756b" /> {referenceData.countries.length} countries,{' '}
              {referenceData.currencies.length} currencies and {referenceData.timezones.length} time zones
              loaded.
            </p>
          ) : (
            <span className="dash-secondary">Loading countries, currencies and time zones…</span>
          )}
        </Panel>
        {pinnedReports && pinnedReports.length > 0 && (
          <Panel title="Pinned reports" className="dash-grid__full">
            <ul className="dash-reports">
              {pinnedReports.map((report) => (
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
