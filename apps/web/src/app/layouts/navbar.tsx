import { BellOutlined, MailOutlined, SettingOutlined } from '@ant-design/icons';
import { messages } from '@cargodesk/shared';
import { Badge, Button, Divider, Drawer, Dropdown, Empty, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { paths } from '../../config/paths.ts';
import { MailModal } from '../../features/mail/components/mail-modal.tsx';
import { logout } from '../../lib/auth/session.ts';
import { useSession } from '../../lib/auth/session-store.ts';
import { navigateTo } from '../../lib/navigation.ts';
import { notifyError } from '../../lib/notify.ts';

/** Spec §9: the badge shows the count of unread notifications, '9+' above 9. */
export const formatBadgeCount = (count: number) => (count > 9 ? '9+' : count);

/** The fixed top bar of spec §2. */
export const Navbar = () => {
  const { user } = useSession();
  const [isMailOpen, setIsMailOpen] = useState(false);
  const [isNotificationsOpen, setIsNotificationsOpen] = useState(false);
  // Notifications arrive with the notifications issue; the badge is ready for their count.
  const unreadCount = 0;

  const onMailClick = () => {
    // Spec §5: no composer while the subscription is expired.
    if (user?.isExpired) {
      notifyError(messages.subscriptionExpired);
      return;
    }
    setIsMailOpen(true);
  };

  const onSignOut = async () => {
    await logout();
    navigateTo(paths.login.href(), { replace: true });
  };

  const name = user?.name ?? '';
  return (
    <header className="app-navbar">
      <Link to={paths.dashboard.href()} className="app-navbar__logo" aria-label="Cargodesk dashboard">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span>Cargodesk</span>
      </Link>
      <nav className="app-navbar__actions" aria-label="Account">
        <Button type="text" shape="circle" icon={<MailOutlined />} aria-label="Mail" onClick={onMailClick} />
        <Badge count={formatBadgeCount(unreadCount)} size="small" offset={[-4, 4]}>
          <Button
            type="text"
            shape="circle"
            icon={<BellOutlined />}
            aria-label="Notifications"
            onClick={() => setIsNotificationsOpen(true)}
          />
        </Badge>
        <NavLink
          to={paths.settingsProfile.href()}
          aria-label="Settings"
          className="ant-btn ant-btn-text ant-btn-circle"
        >
          <SettingOutlined />
        </NavLink>
        <Dropdown
          trigger={['click']}
          placement="bottomRight"
          popupRender={() => (
            <div
              className="ant-dropdown-menu"
              role="dialog"
              aria-label="Account"
              style={{ padding: 16, minWidth: 240 }}
            >
              <Space>
                <UserAvatar name={name} />
                <div>
                  <Typography.Text strong>{name}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{user?.emailId}</Typography.Text>
                </div>
              </Space>
              <div style={{ marginTop: 12 }}>
                <Badge status="success" text={messages.available} />
              </div>
              <Divider style={{ margin: '12px 0' }} />
              <Button block onClick={onSignOut}>
                {messages.signOut}
              </Button>
            </div>
          )}
        >
          <Button type="text" shape="circle" aria-label="Account menu" style={{ padding: 0 }}>
            <UserAvatar name={name} size={32} />
          </Button>
        </Dropdown>
      </nav>
      <MailModal isOpen={isMailOpen} onClose={() => setIsMailOpen(false)} companyName={user?.company.name} />
      <Drawer title="Notifications" open={isNotificationsOpen} onClose={() => setIsNotificationsOpen(false)}>
        <Empty description="You have no new notifications." />
      </Drawer>
    </header>
  );
};
