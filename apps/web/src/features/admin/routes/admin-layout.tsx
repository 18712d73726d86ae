import { Card, Flex, Result, Typography } from 'antd';
import { NavLink, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useSession } from '@/lib/auth/session-store.ts';

// The platform console (docs/product.md "Platform console"): only for the installation's platform
// administrators. The server refuses its API to everyone else; this only keeps the screens away.

const links = [
  { href: paths.adminCompanies.href(), label: 'Companies' },
  { href: paths.adminIssues.href(), label: 'Reported problems' },
  { href: paths.adminAudit.href(), label: 'Platform trail' },
  { href: paths.adminCatalogue.href(), label: 'Port catalogue' },
];

export const AdminLayout = () => {
  const { isSuperAdmin } = useSession();
  const { pathname } = useLocation();
  if (!isSuperAdmin)
    return (
      <Card>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          Platform console
        </Typography.Title>
        <Result
          status="403"
          subTitle="Only a platform administrator of this installation may open the platform console."
        />
      </Card>
    );
  const selected = links.find(({ href }) => pathname === href || pathname.startsWith(`${href}/`))?.href;
  // Plain links that wrap on a phone: a menu that folds its items away hides focusable links from
  // screen readers while they can still be tabbed to.
  return (
    <div>
      <nav aria-label="Platform console" style={{ marginBottom: 16 }}>
        <Flex wrap gap="small">
          {links.map(({ href, label }) => (
            <NavLink
              key={href}
              to={href}
              className={`ant-btn ${href === selected ? 'ant-btn-primary' : 'ant-btn-default'}`}
            >
              {label}
            </NavLink>
          ))}
        </Flex>
      </nav>
      <Outlet />
    </div>
  );
};
