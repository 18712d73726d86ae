import { Card, Empty, Typography } from 'antd';
import { useParams } from 'react-router';
import type { TRouteName } from '../../../config/paths.ts';

// Each settings screen arrives with its own issue; until then its page says what it will hold.
const pages: Partial<Record<TRouteName, { title: string; holds: string }>> = {
  settingsProfile: { title: 'My profile', holds: 'your name, email, language and password' },
  settingsCompany: {
    title: 'Company profile',
    holds: "your company's name, address, currency, time zone and plan",
  },
  settingsUsers: { title: 'Users', holds: 'the people of your company, their roles and invitations' },
  settingsUserEdit: { title: 'Edit user', holds: "this user's profile and roles" },
  settingsRoles: { title: 'Roles', holds: 'the roles of your company and what each may do' },
  roleCreate: { title: 'Create role', holds: 'a new role and its permissions' },
  roleEdit: { title: 'Edit role', holds: "this role's name and permissions" },
  settingsPicklist: { title: 'Picklists', holds: 'the values offered in drop-down lists across Cargodesk' },
  settingsPorts: { title: 'Ports', holds: 'the sea ports and airports your company works with' },
  settingsCountries: { title: 'Countries', holds: 'the countries your company works with' },
  settingsTemplates: { title: 'Templates', holds: 'your document and email templates' },
  settingsTemplateUpdate: { title: 'Edit template', holds: "this template's content" },
  settingsCurrencies: { title: 'Currencies', holds: 'your currencies and exchange rates' },
};

export const createSettingsPage = (name: TRouteName) => {
  const page = pages[name] ?? { title: 'Settings', holds: 'these settings' };
  const SettingsPage = () => {
    const { port } = useParams();
    const title = name === 'settingsPorts' && port && port !== 'ports' ? `Ports: ${port}` : page.title;
    return (
      <Card>
        <Typography.Title level={2} style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
        <Empty description={`This page will hold ${page.holds}. It is not available yet.`} />
      </Card>
    );
  };
  return SettingsPage;
};
