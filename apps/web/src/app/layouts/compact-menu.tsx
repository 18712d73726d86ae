import { MenuOutlined } from '@ant-design/icons';
import { messages } from '@cargodesk/shared';
import { Badge, Button } from 'antd';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { useDisclosure } from './use-disclosure.ts';

/**
 * Below 768 px the navbar's actions are hidden (docs/product.md §2); this one button stands in for
 * them and the main navigation, so a phone can still write mail, read notifications, reach contacts
 * and settings, and sign out.
 */
export const CompactMenu = ({
  unreadCount,
  onMail,
  onNotifications,
  onGoTo,
  onSignOut,
  onReportProblem,
  onAppSettings,
  canReadShipments,
  canReadContacts,
  canReadReports,
  isSuperAdmin,
}: {
  canReadShipments: boolean;
  unreadCount: number;
  canReadContacts: boolean;
  canReadReports: boolean;
  /** A platform administrator: the platform console is one more place to go. */
  isSuperAdmin: boolean;
  /** Absent for a user who may not send mail. */
  onMail: (() => void) | undefined;
  onNotifications: () => void;
  onGoTo: () => void;
  onSignOut: () => void;
  onReportProblem: () => void;
  onAppSettings: () => void;
}) => {
  const { isOpen, close, containerRef, popupRef, popupId, triggerProps } = useDisclosure();
  const choose = (action: () => void) => () => {
    close();
    action();
  };
  return (
    <div className="compact-menu" ref={containerRef}>
      <Button
        {...triggerProps}
        className="compact-menu__trigger"
        type="text"
        shape="circle"
        aria-haspopup="true"
        aria-label="Menu"
        icon={<MenuOutlined />}
      />
      {isOpen && (
        <div id={popupId} ref={popupRef} className="account-menu__popup compact-menu__popup" tabIndex={-1}>
          <nav aria-label="Menu">
            {onMail && (
              <Button type="text" block onClick={choose(onMail)}>
                Mail
              </Button>
            )}
            <Button type="text" block onClick={choose(onNotifications)}>
              Notifications{' '}
              <Badge count={unreadCount} size="small" showZero={false} title={`${unreadCount} unread`} />
            </Button>
            <Button type="text" block onClick={choose(onGoTo)}>
              Go to…
            </Button>
            <Link className="ant-btn ant-btn-text ant-btn-block" to={paths.dashboard.href()} onClick={close}>
              Dashboard
            </Link>
            {canReadShipments && (
              <Link
                className="ant-btn ant-btn-text ant-btn-block"
                to={paths.shipments.href()}
                onClick={close}
              >
                Shipments
              </Link>
            )}
            {canReadContacts && (
              <Link className="ant-btn ant-btn-text ant-btn-block" to={paths.contacts.href()} onClick={close}>
                Contacts
              </Link>
            )}
            {canReadReports && (
              <Link className="ant-btn ant-btn-text ant-btn-block" to={paths.reports.href()} onClick={close}>
                Reports
              </Link>
            )}
            {isSuperAdmin && (
              <Link
                className="ant-btn ant-btn-text ant-btn-block"
                to={paths.adminCompanies.href()}
                onClick={close}
              >
                Platform console
              </Link>
            )}
            <Link
              className="ant-btn ant-btn-text ant-btn-block"
              to={paths.settingsProfile.href()}
              onClick={close}
            >
              Settings
            </Link>
            <Button type="text" block onClick={choose(onAppSettings)}>
              App settings
            </Button>
            <Button type="text" block onClick={choose(onReportProblem)}>
              Report a problem
            </Button>
            <Button block onClick={choose(onSignOut)}>
              {messages.signOut}
            </Button>
          </nav>
        </div>
      )}
    </div>
  );
};
