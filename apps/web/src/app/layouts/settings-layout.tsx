import { Card, Menu } from 'antd';
import { NavLink, Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';

const settingsLinks = [
  { href: paths.settingsProfile.href(), label: 'My profile' },
  { href: paths.settingsCompany.href(), label: 'Company profile' },
  { href: paths.settingsUsers.href(), label: 'Users' },
  { href: paths.settingsRoles.href(), label: 'Roles' },
  { href: paths.settingsPicklist.href(), label: 'Picklists' },
  { href: paths.settingsPorts.href({ port: 'ports' }), label: 'Ports' },
  { href: paths.settingsCountries.href(), label: 'Countries' },
  { href: paths.settingsTemplates.href(), label: 'Templates' },
  { href: paths.settingsCurrencies.href(), label: 'Currencies' },
];

/** The parent of the settings pages (spec §2): its menu and the page. */
export const SettingsLayout = () => {
  const { pathname } = useLocation();
  const selected = settingsLinks.find(
    ({ href }) => pathname === href || pathname.startsWith(`${href}/`),
  )?.href;

  return (
    <div className="settings-shell">
      <Card size="small" title="Settings">
        <nav aria-label="Settings">
          <Menu
            mode="inline"
            style={{ borderInlineEnd: 0 }}
            selectedKeys={selected ? [selected] : []}
            items={settingsLinks.map(({ href, label }) => ({
              key: href,
              label: <NavLink to={href}>{label}</NavLink>,
            }))}
          />
        </nav>
      </Card>
      <section>
        <Outlet />
      </section>
    </div>
  );
};
