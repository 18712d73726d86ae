import { Card, Menu } from 'antd';
import { NavLink, Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';

const settingsLinks = [
  { href: paths.settingsProfile.href(), label: 'My profile' },
  { href: paths.settingsCompany.href(), label: 'Company profile' },
  { href: paths.settingsUsers.href(), label: 'Users' },
  { href: paths.settingsRoles.href(), label: 'Roles' },
  { href: paths.settingsPicklist.href(), label: 'Picklists' },
  { href: paths.settingsPorts.href({ port: 'oceanport' }), label: 'Ocean ports' },
  { href: paths.settingsPorts.href({ port: 'airport' }), label: 'Airports' },
  { href: paths.settingsCountries.href(), label: 'Countries' },
  { href: paths.settingsTemplates.href(), label: 'Templates' },
  { href: paths.settingsCurrencies.href(), label: 'Currencies' },
];

/** The parent of the settings pages (spec §2): its menu and the page. */
export const SettingsLayout = () => {
  const { pathname } = useLocation();
  // The role-create modal lives outside /settings (spec §2) but belongs to Roles.
  const current = pathname === paths.roleCreate.path ? paths.settingsRoles.href() : pathname;
  const selected = settingsLinks.find(({ href }) => current === href || current.startsWith(`${href}/`))?.href;

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
