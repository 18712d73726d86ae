import { MailOutlined, SearchOutlined, SettingOutlined } from '@ant-design/icons';
import { messages } from '@cargodesk/shared';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '@/config/paths.ts';
import type { TMailDraft } from '@/features/mail/components/mail-modal.tsx';
import { useUnreadNotificationCount } from '@/features/notifications/api/notifications.ts';
import { NotificationsBell } from '@/features/notifications/components/notifications-bell.tsx';
import { useCan } from '@/lib/auth/permissions.ts';
import { useCanReadShipments } from '@/lib/auth/products.ts';
import { logout } from '@/lib/auth/session.ts';
import { useSession } from '@/lib/auth/session-store.ts';
import { useFileUrl } from '@/lib/file-url.ts';
import { navigateTo } from '@/lib/navigation.ts';
import { notifyError } from '@/lib/notify.ts';
import { AccountMenu } from './account-menu.tsx';
import { CompactMenu } from './compact-menu.tsx';

/** "⌘ K" where the system's shortcuts use ⌘, "Ctrl K" elsewhere. */
const paletteShortcut = /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘ K' : 'Ctrl K';

// The palette loads on first use too: the shortcut is known to few, and its searches pull in the
// users', roles' and ports' API code.
const CommandPalette = lazy(async () => ({
  default: (await import('./command-palette.tsx')).CommandPalette,
}));

// The mail modal loads on first use: every signed-in page shows the navbar, few open it.
const MailModal = lazy(async () => ({
  default: (await import('@/features/mail/components/mail-modal.tsx')).MailModal,
}));

// The problem report loads on first use too.
const AppSettingsModal = lazy(async () => ({
  default: (await import('@/features/profile/components/app-settings-modal.tsx')).AppSettingsModal,
}));

const ReportProblemModal = lazy(async () => ({
  default: (await import('@/features/issues/components/report-problem-modal.tsx')).ReportProblemModal,
}));

/** The fixed top bar of docs/product.md §2. */
export const Navbar = () => {
  const { user, isSuperAdmin } = useSession();
  const [isReportingProblem, setIsReportingProblem] = useState(false);
  const [isAppSettingsOpen, setIsAppSettingsOpen] = useState(false);
  const avatarUrl = useFileUrl(user?.avatarFileId);
  const [isMailOpen, setIsMailOpen] = useState(false);
  // Mounted from the first opening on, so closing still animates.
  const [hasOpenedMail, setHasOpenedMail] = useState(false);

  // Mail, both writing and the Sent list, needs mail:send: without it there is no Mail at all.
  const canMail = useCan('mail:send');
  const canReadContacts = useCan('contacts:read');
  const canReadReports = useCan('reports:read');
  const canReadShipments = useCanReadShipments();
  const [isNotificationsOpen, setIsNotificationsOpen] = useState(false);
  const unreadCount = useUnreadNotificationCount();

  const [isPaletteOpen, setIsPaletteOpenState] = useState(false);
  const [hasOpenedPalette, setHasOpenedPalette] = useState(false);
  const setIsPaletteOpen = (isOpen: boolean) => {
    if (isOpen) setHasOpenedPalette(true);
    setIsPaletteOpenState(isOpen);
  };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      // The browser's own Ctrl-K (its search bar) would take the keys otherwise.
      event.preventDefault();
      setHasOpenedPalette(true);
      setIsPaletteOpenState(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const [mailTab, setMailTab] = useState<'compose' | 'sent'>('compose');
  const [mailDraft, setMailDraft] = useState<TMailDraft>();
  const { pathname, search, hash } = useLocation();

  const openMail = (tab: 'compose' | 'sent') => {
    if (!canMail) return;
    // docs/product.md §5: no composer while the subscription is expired.
    if (user?.isExpired) {
      notifyError(messages.subscriptionExpired);
      return;
    }
    setMailTab(tab);
    setHasOpenedMail(true);
    setIsMailOpen(true);
  };
  const onMailClick = () => {
    setMailDraft(undefined);
    openMail('compose');
  };

  // A link to `?mail=sent` (the failed-mail notification's) opens the Sent list; `?mail=compose`
  // (the shared-files notification's, the dashboard's) the composer. The field leaves the address at
  // once, so a reload does not open the composer again and the same link opens it a second time.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is the trigger.
  useEffect(() => {
    const query = new URLSearchParams(search);
    const tab = query.get('mail');
    if (tab !== 'sent' && tab !== 'compose') return;
    // A shipment's document opens the composer with its parties' addresses and its PDF attached.
    const to = query.get('mailTo')?.split(',').filter(Boolean) ?? [];
    const fileIds = query.get('mailFile')?.split(',').filter(Boolean) ?? [];
    setMailDraft(to.length > 0 || fileIds.length > 0 ? { to, fileIds } : undefined);
    openMail(tab);
    query.delete('mail');
    query.delete('mailTo');
    query.delete('mailFile');
    const rest = query.toString();
    navigateTo(`${pathname}${rest ? `?${rest}` : ''}${hash}`, { replace: true });
  }, [search]);

  const onSignOut = async () => {
    await logout();
    navigateTo(paths.login.href(), { replace: true });
  };

  // A button's tooltip stays shut while the dialog it opened is up: an open tooltip would take the
  // dialog's first Esc for itself.
  return (
    <header className="app-navbar">
      <Link to={paths.dashboard.href()} className="app-navbar__logo" aria-label="Cargodesk dashboard">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <span>Cargodesk</span>
      </Link>
      <nav className="app-navbar__main" aria-label="Main">
        <NavLink to={paths.dashboard.href()}>Dashboard</NavLink>
        {canReadShipments && <NavLink to={paths.shipments.href()}>Shipments</NavLink>}
        {canReadContacts && <NavLink to={paths.contacts.href()}>Contacts</NavLink>}
        {canReadReports && <NavLink to={paths.reports.href()}>Reports</NavLink>}
        {isSuperAdmin && <NavLink to={paths.adminCompanies.href()}>Platform console</NavLink>}
      </nav>
      <nav className="app-navbar__actions" aria-label="Account">
        <Tooltip title={`Go to… (${paletteShortcut})`} open={isPaletteOpen ? false : undefined}>
          <Button
            type="text"
            shape="circle"
            icon={<SearchOutlined />}
            aria-label="Go to"
            aria-keyshortcuts="Control+K Meta+K"
            onClick={() => setIsPaletteOpen(true)}
          />
        </Tooltip>
        {canMail && (
          <Tooltip title="Mail" open={isMailOpen ? false : undefined}>
            <Button
              type="text"
              shape="circle"
              icon={<MailOutlined />}
              aria-label="Mail"
              onClick={onMailClick}
            />
          </Tooltip>
        )}
        <NotificationsBell isOpen={isNotificationsOpen} onOpenChange={setIsNotificationsOpen} />
        <Tooltip title="Settings">
          <NavLink
            to={paths.settingsProfile.href()}
            aria-label="Settings"
            className="ant-btn ant-btn-text ant-btn-circle"
          >
            <SettingOutlined />
          </NavLink>
        </Tooltip>
        <AccountMenu
          name={user?.name ?? ''}
          email={user?.emailId}
          avatarUrl={avatarUrl}
          onSignOut={() => void onSignOut()}
          onReportProblem={() => setIsReportingProblem(true)}
          onAppSettings={() => setIsAppSettingsOpen(true)}
        />
      </nav>
      <CompactMenu
        unreadCount={unreadCount}
        onMail={canMail ? onMailClick : undefined}
        onNotifications={() => setIsNotificationsOpen(true)}
        onGoTo={() => setIsPaletteOpen(true)}
        canReadShipments={canReadShipments}
        canReadContacts={canReadContacts}
        canReadReports={canReadReports}
        isSuperAdmin={isSuperAdmin}
        onSignOut={() => void onSignOut()}
        onReportProblem={() => setIsReportingProblem(true)}
        onAppSettings={() => setIsAppSettingsOpen(true)}
      />
      <Suspense fallback={null}>
        {hasOpenedPalette && (
          <CommandPalette isOpen={isPaletteOpen} onClose={() => setIsPaletteOpen(false)} />
        )}
        {hasOpenedMail && (
          <MailModal
            isOpen={isMailOpen}
            onClose={() => setIsMailOpen(false)}
            companyName={user?.company.name}
            initialTab={mailTab}
            draft={mailDraft}
          />
        )}
        {isReportingProblem && <ReportProblemModal onClose={() => setIsReportingProblem(false)} />}
        {isAppSettingsOpen && <AppSettingsModal onClose={() => setIsAppSettingsOpen(false)} />}
      </Suspense>
    </header>
  );
};
