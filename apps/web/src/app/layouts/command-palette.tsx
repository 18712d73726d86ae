import { useQuery } from '@tanstack/react-query';
import { Input, type InputRef, Modal, Spin } from 'antd';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { getPortsQueryOptions } from '@/features/ports/api/ports.ts';
import { getRolesQueryOptions } from '@/features/roles/api/roles.ts';
import { getShipmentsQueryOptions } from '@/features/shipments/api/shipments.ts';
import { getUsersQueryOptions } from '@/features/users/api/users.ts';
import { usePermissionCheck } from '@/lib/auth/permissions.ts';
import { freightProductCode, useHasProduct } from '@/lib/auth/products.ts';
import { useDebounced } from '@/lib/list/use-debounced.ts';
import { settingsLinks } from './settings-links.ts';
import './command-palette.css';

type TCommand = { id: string; label: string; detail?: string | undefined; href: string };
type TCommandGroup = { name: string; commands: TCommand[] };

const resultsPerGroup = 5;
/** Searching shipments, people and ports starts at two characters: one matches half the company. */
const shortestSearch = 2;

const screens: typeof settingsLinks = [
  { href: paths.dashboard.href(), label: 'Dashboard' },
  { href: paths.shipments.href(), label: 'Shipments', permission: 'shipments:read' },
  { href: paths.contacts.href(), label: 'Contacts', permission: 'contacts:read' },
  { href: paths.reports.href(), label: 'Reports', permission: 'reports:read' },
  ...settingsLinks,
];

/**
 * What the palette offers for `text`: the screens whose name matches at once, then the company's
 * shipments (by reference, container, bill or air waybill number, in a Freight company), users,
 * roles, ocean ports and airports from the server's own searches, each only for a user who may
 * read them.
 */
const useCommandGroups = (text: string): { groups: TCommandGroup[]; isSearching: boolean } => {
  const can = usePermissionCheck();
  const hasFreight = useHasProduct(freightProductCode);
  const needle = text.trim().toLowerCase();
  const q = useDebounced(text.trim(), 200);
  const page = { page: 1, pageSize: resultsPerGroup, q };
  const isSearch = q.length >= shortestSearch;
  const shipments = useQuery({
    ...getShipmentsQueryOptions(page),
    enabled: isSearch && hasFreight && can('shipments:read'),
  });
  const users = useQuery({ ...getUsersQueryOptions(page), enabled: isSearch && can('users:read') });
  const roles = useQuery({ ...getRolesQueryOptions(page), enabled: isSearch && can('roles:read') });
  const oceanPorts = useQuery({
    ...getPortsQueryOptions('oceanport', page),
    enabled: isSearch && can('ports:read'),
  });
  const airports = useQuery({
    ...getPortsQueryOptions('airport', page),
    enabled: isSearch && can('ports:read'),
  });

  const portCommand =
    (kind: 'oceanport' | 'airport') =>
    (port: { _id: string; code: string; name: string; city: string; countryName: string }) => ({
      id: `${kind}-${port._id}`,
      label: `${port.name} (${port.code})`,
      detail: [port.city, port.countryName].filter(Boolean).join(', '),
      href: `${paths.settingsPorts.href({ port: kind })}?q=${encodeURIComponent(port.code)}`,
    });

  const groups: TCommandGroup[] = [
    {
      name: 'Screens',
      commands: screens
        .filter(({ permission }) => !permission || can(permission))
        .filter(({ href }) => hasFreight || href !== paths.shipments.href())
        .filter(({ label }) => label.toLowerCase().includes(needle))
        .map(({ href, label }) => ({ id: `screen-${href}`, label, href })),
    },
    {
      name: 'Shipments',
      commands: (isSearch ? (shipments.data?.data ?? []) : []).map((shipment) => ({
        id: `shipment-${shipment._id}`,
        label: shipment.reference,
        detail: [
          shipment.customer?.name,
          [shipment.portOfLoading, shipment.portOfDischarge].filter(Boolean).join(' → '),
        ]
          .filter(Boolean)
          .join(' · '),
        href: paths.shipmentDetail.href({ id: shipment._id }),
      })),
    },
    {
      name: 'Users',
      commands: (isSearch ? (users.data?.data ?? []) : []).map((user) => ({
        id: `user-${user._id}`,
        label: user.name || user.email,
        detail: user.email,
        href: paths.settingsUserEdit.href({ id: user._id }),
      })),
    },
    {
      name: 'Roles',
      commands: (isSearch ? (roles.data?.data ?? []) : []).map((role) => ({
        id: `role-${role._id}`,
        label: role.name,
        detail: role.userCount === 1 ? '1 user' : `${role.userCount} users`,
        href: paths.roleEdit.href({ id: role._id }),
      })),
    },
    {
      name: 'Ocean ports',
      commands: (isSearch ? (oceanPorts.data?.data ?? []) : []).map(portCommand('oceanport')),
    },
    { name: 'Airports', commands: (isSearch ? (airports.data?.data ?? []) : []).map(portCommand('airport')) },
  ];
  const isSearching =
    text.trim() !== q || [shipments, users, roles, oceanPorts, airports].some((query) => query.isFetching);
  return { groups: groups.filter((group) => group.commands.length > 0), isSearching };
};

/**
 * Ctrl/⌘-K: type a few letters of a screen, a shipment's reference or container, a colleague, a
 * role or a port and press Enter to go there. A combobox with its list, so the keyboard and a screen reader follow the choice.
 */
export const CommandPalette = ({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) => {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const { groups, isSearching } = useCommandGroups(text);
  const commands = groups.flatMap((group) => group.commands);
  const active = commands[Math.min(activeIndex, commands.length - 1)];
  const listId = useId();
  const inputRef = useRef<InputRef>(null);
  const optionId = (command: TCommand) => `${listId}-${command.id}`;

  const close = () => {
    setText('');
    setActiveIndex(0);
    onClose();
  };
  const go = (command: TCommand | undefined) => {
    if (!command) return;
    close();
    navigate(command.href);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step !== undefined && commands.length > 0) {
      event.preventDefault();
      const current = active ? commands.indexOf(active) : 0;
      setActiveIndex((current + step + commands.length) % commands.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(active);
    }
  };

  return (
    <Modal
      open={isOpen}
      onCancel={close}
      footer={null}
      title="Go to"
      className="command-palette"
      destroyOnHidden
      width={560}
      // The dialog takes focus as it opens; the search box is where typing goes.
      afterOpenChange={(isNowOpen) => {
        if (isNowOpen) inputRef.current?.focus();
      }}
    >
      <Input
        ref={inputRef}
        autoFocus
        role="combobox"
        aria-label="Screen, shipment, user, role or port"
        aria-expanded={commands.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active ? optionId(active) : undefined}
        placeholder="Screen, shipment, user, role or port"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActiveIndex(0);
        }}
        onKeyDown={onKeyDown}
        suffix={
          isSearching ? (
            <span role="status">
              <Spin size="small" />
              <span className="visually-hidden">Searching</span>
            </span>
          ) : (
            <span />
          )
        }
        autoComplete="off"
      />
      <div id={listId} role="listbox" aria-label="Places to go" className="command-palette__list">
        {groups.map((group) => (
          // biome-ignore lint/a11y/useSemanticElements: a listbox's groups are role="group"; a fieldset is no option group
          <div key={group.name} role="group" aria-label={group.name}>
            <div className="command-palette__group" aria-hidden="true">
              {group.name}
            </div>
            {group.commands.map((command) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keyboard (aria-activedescendant)
              <div
                key={command.id}
                id={optionId(command)}
                role="option"
                tabIndex={-1}
                aria-selected={command === active}
                className="command-palette__option"
                onClick={() => go(command)}
                onMouseMove={() => setActiveIndex(commands.indexOf(command))}
              >
                <span className="command-palette__label">{command.label}</span>
                {command.detail && <span className="command-palette__detail">{command.detail}</span>}
              </div>
            ))}
          </div>
        ))}
      </div>
      <p className="command-palette__status" role="status">
        {commands.length === 0 && !isSearching
          ? text.trim().length >= shortestSearch
            ? `Nothing matches “${text.trim()}”.`
            : 'Type a screen’s name, or two letters of a shipment, person, role or port.'
          : ''}
      </p>
    </Modal>
  );
};
