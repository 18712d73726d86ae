import { messages } from '@cargodesk/shared';
import { Badge, Button, Divider } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { UserAvatar } from '../../components/user-avatar.tsx';

/**
 * The avatar's account popup (docs/product.md §2): name, e-mail, the 'Available' indicator and 'Sign out'.
 * A small disclosure instead of antd's Dropdown, which would bring its menu and popup machinery to
 * every signed-in page: it opens on click, closes on Escape, a click outside or a second click.
 */
export const AccountMenu = ({
  name,
  email,
  avatarUrl,
  onSignOut,
}: {
  name: string;
  email: string | undefined;
  avatarUrl?: string | undefined;
  onSignOut: () => void;
}) => {
  const [isOpen, setIsOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const popupId = useId();

  useEffect(() => {
    if (!isOpen) return;
    popupRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      triggerRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

  return (
    <div className="account-menu" ref={containerRef}>
      <Button
        ref={triggerRef}
        type="text"
        shape="circle"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        aria-controls={isOpen ? popupId : undefined}
        style={{ padding: 0 }}
        onClick={() => setIsOpen((open) => !open)}
      >
        <UserAvatar name={name} size={32} src={avatarUrl} />
        <span className="visually-hidden">Account menu</span>
      </Button>
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
          <Button block onClick={onSignOut}>
            {messages.signOut}
          </Button>
        </div>
      )}
    </div>
  );
};
