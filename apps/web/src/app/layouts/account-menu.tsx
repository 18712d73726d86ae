import { messages } from '@cargodesk/shared';
import { Badge, Button, Divider, Tooltip } from 'antd';
import { Link } from 'react-router';
import { UserAvatar } from '@/components/user-avatar.tsx';
import { paths } from '@/config/paths.ts';
import { useDisclosure } from './use-disclosure.ts';

/**
 * The avatar's account popup (docs/product.md §2): name, email, the 'Available' indicator, App settings
 * and 'Sign out'.
 */
export const AccountMenu = ({
  name,
  email,
  avatarUrl,
  onSignOut,
  onReportProblem,
  onAppSettings,
}: {
  name: string;
  email: string | undefined;
  avatarUrl?: string | undefined;
  onSignOut: () => void;
  onReportProblem: () => void;
  onAppSettings: () => void;
}) => {
  const { isOpen, close, containerRef, popupRef, popupId, triggerProps } = useDisclosure();

  return (
    <div className="account-menu" ref={containerRef}>
      <Tooltip title={isOpen ? undefined : 'Account'}>
        <Button {...triggerProps} type="text" shape="circle" aria-haspopup="dialog" style={{ padding: 0 }}>
          <UserAvatar name={name} size={32} src={avatarUrl} />
          <span className="visually-hidden">Account menu</span>
        </Button>
      </Tooltip>
      {isOpen && (
        <div
          id={popupId}
          ref={popupRef}
          className="account-menu__popup"
          role="dialog"
          aria-label="Account"
          tabIndex={-1}
        >
          <div className="account-menu__user">
            <UserAvatar name={name} src={avatarUrl} />
            <div>
              <strong>{name}</strong>
              <br />
              <span className="account-menu__email">{email}</span>
            </div>
          </div>
          <div style={{ marginTop: 12 }}>
            <Badge status="success" text={messages.available} />
          </div>
          <Divider style={{ margin: '12px 0' }} />
          <Button
            block
            onClick={() => {
              close();
              onAppSettings();
            }}
            style={{ marginBottom: 8 }}
          >
            App settings
          </Button>
          <Button block onClick={onReportProblem} style={{ marginBottom: 8 }}>
            Report a problem
          </Button>
          <Link to={paths.issues.href()} className="ant-btn ant-btn-default ant-btn-block">
            Reported problems
          </Link>
          <Divider style={{ margin: '12px 0' }} />
          <Button block onClick={onSignOut}>
            {messages.signOut}
          </Button>
        </div>
      )}
    </div>
  );
};
