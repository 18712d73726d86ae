import { Card, Menu } from 'antd';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { usePermissionCheck } from '@/lib/auth/permissions.ts';
import { settingsLinks } from './settings-links.ts';

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
