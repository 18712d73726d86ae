import { Card, Menu } from 'antd';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { type TPermissionNeed, usePermissionCheck } from '../../lib/auth/permissions.ts';

// Each link names the permission its screen needs (any one of a list), so the menu offers only the
// screens a user's roles open. It only tidies the menu: a screen opened by its address shows the
// 403 card, and the API refuses its data anyway.
const settingsLinks: { href: string; label: string; permission?: TPermissionNeed }[] = [
  { href: paths.settingsProfile.href(), label: 'My profile' },
  { href: paths.settingsCompany.href(), label: 'Company profile', permission: 'company:read' },
  { href: paths.settingsUsers.href(), label: 'Users', permission: 'users:read' },
  { href: paths.settingsRoles.href(), label: 'Roles', permission: ['roles:read', 'users:read'] },
  { href: paths.settingsPicklist.href(), label: 'Picklists', permission: 'picklists:read' },
  { href: paths.settingsPorts.href({ port: 'oceanport' }), label: 'Ocean ports', permission: 'ports:read' },
  { href: paths.settingsPorts.href({ port: 'airport' }), label: 'Airports', permission: 'ports:read' },
  { href: paths.settingsCountries.href(), label: 'Countries', permission: 'countries:read' },
  { href: paths.settingsTemplates.href(), label: 'Templates', permission: 'templates:read' },
  { href: paths.settingsCurrencies.href(), label: 'Currencies', permission: 'currencies:read' },
];

/** The parent of the settings pages (docs/product.md §2): its menu and the page. */
export const SettingsLayout = () => {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const can = usePermissionCheck();
  const links = settingsLinks.filter(({ permission }) => !permission || can(permission));
  // The role-create modal lives outside /settings (docs/product.md §2) but belongs to Roles.
  const current = pathname === paths.roleCreate.path ? paths.settingsRoles.href() : pathname;
  const selected = links.find(({ href }) => current === href || current.startsWith(`${href}/`))?.href;

  return (
    <div className="settings-shell">
      {/* On a phone the menu is one line: the system's own picker, which a thumb and a screen reader know. */}
      <nav aria-label="Settings" className="settings-compact-nav">
        <label htmlFor="settings-section">Settings</label>
        <select
          id="settings-section"
          value={selected ?? ''}
          onChange={(event) => navigate(event.target.value)}
        >
          {!selected && <option value="">Choose a section</option>}
          {links.map(({ href, label }) => (
            <option key={href} value={href}>
              {label}
            </option>
          ))}
        </select>
      </nav>
      <Card size="small" title="Settings" className="settings-menu-card">
        <nav aria-label="Settings">
          <Menu
            mode="inline"
            style={{ borderInlineEnd: 0 }}
            selectedKeys={selected ? [selected] : []}
            items={links.map(({ href, label }) => ({
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
