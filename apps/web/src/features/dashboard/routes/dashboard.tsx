import {
  BankOutlined,
  CheckCircleTwoTone,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Card, Col, Descriptions, Row, Statistic, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/auth/session-store.ts';

const dayMs = 24 * 60 * 60 * 1000;

/** Whole days from now until the plan's expiry date; negative once it has passed. */
export const daysUntil = (isoDate: string, now = Date.now()) =>
  Math.ceil((Date.parse(isoDate) - now) / dayMs);

const shortcuts = [
  { href: paths.settingsProfile.href(), title: 'My profile', icon: <UserOutlined /> },
  { href: paths.settingsCompany.href(), title: 'Company profile', icon: <BankOutlined /> },
  { href: paths.settingsUsers.href(), title: 'Users', icon: <TeamOutlined /> },
  { href: paths.settingsRoles.href(), title: 'Roles', icon: <SettingOutlined /> },
];

/** The first page after sign-in: the company, its plan, the user's roles and the way to settings. */
export const DashboardRoute = () => {
  const { user, referenceData } = useSession();
  if (!user) return null;
  const { company } = user;
  const plan = company.subscripedPlan;
  const daysLeft = daysUntil(plan.expiryDate);
  const expiry = new Date(plan.expiryDate).toLocaleDateString(undefined, { dateStyle: 'long' });

  return (
    <>
      <Typography.Title level={1} style={{ marginTop: 0 }}>
        Welcome, {user.firstName || user.name}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card title="Company">
            <Descriptions column={1} size="small">
              <Descriptions.Item label="Name">{company.name}</Descriptions.Item>
              {company.operating_country && (
                <Descriptions.Item label="Operating country">{company.operating_country}</Descriptions.Item>
              )}
              {company.currency && <Descriptions.Item label="Currency">{company.currency}</Descriptions.Item>}
              {company.timezone && (
                <Descriptions.Item label="Time zone">{company.timezone}</Descriptions.Item>
              )}
              <Descriptions.Item label="Two-factor sign-in">
                {company.twoFactorAuth ? 'On' : 'Off'}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title="Plan">
            <Statistic
              title={`${plan.name} plan`}
              value={user.isExpired ? 'Expired' : Math.max(daysLeft, 0)}
              suffix={user.isExpired ? undefined : daysLeft === 1 ? 'day left' : 'days left'}
              styles={{ content: { color: user.isExpired ? '#c62828' : undefined } }}
            />
            <Typography.Text type="secondary">
              {user.isExpired ? `Expired on ${expiry}` : `Renews or ends on ${expiry}`}
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title="You">
            <Descriptions column={1} size="small">
              <Descriptions.Item label="Name">{user.name}</Descriptions.Item>
              <Descriptions.Item label="E-mail">{user.emailId}</Descriptions.Item>
              <Descriptions.Item label="Roles">
                {user.roles.length > 0 ? user.roles.map((role) => <Tag key={role}>{role}</Tag>) : 'None'}
              </Descriptions.Item>
              {user.products.length > 0 && (
                <Descriptions.Item label="Products">
                  {user.products.map((product) => (
                    <Tag key={product._id}>{product.name}</Tag>
                  ))}
                </Descriptions.Item>
              )}
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title="Reference data">
            {referenceData ? (
              <Typography.Paragraph style={{ marginBottom: 0 }}>
                <CheckCircleTwoTone twoToneColor="#13756b" /> {referenceData.countries.length} countries,{' '}
                {referenceData.currencies.length} currencies and {referenceData.timezones.length} time zones
                loaded.
              </Typography.Paragraph>
            ) : (
              <Typography.Text type="secondary">
                Loading countries, currencies and time zones…
              </Typography.Text>
            )}
          </Card>
        </Col>
        <Col xs={24}>
          <Card title="Settings">
            <Row gutter={[12, 12]}>
              {shortcuts.map(({ href, title, icon }) => (
                <Col key={href} xs={12} md={6}>
                  <Link to={href}>
                    <Card size="small" hoverable>
                      {icon} {title}
                    </Card>
                  </Link>
                </Col>
              ))}
            </Row>
          </Card>
        </Col>
      </Row>
    </>
  );
};
