import {
  isCalendarDate,
  type TAuditAction,
  type TAuditEntityType,
  type TAuditEvent,
  type TAuditFilter,
} from '@cargodesk/shared';
import { Button, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { DateRangeInputs } from '@/components/date-range-inputs.tsx';
import { ListFilterSelects, loadedOptions, type TListFilter } from '@/components/list-filter-select.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { RequirePermission } from '@/components/require-permission.tsx';
import { useFormat } from '@/lib/format/format-store.ts';
import type { TFormatter } from '@/lib/format/formatter.ts';
import { anyText, oneOf } from '@/lib/list/list-url.ts';
import { useListState } from '@/lib/list/use-list-state.ts';
import {
  downloadAuditCsv,
  type TAuditListQuery,
  useAuditActors,
  useAuditEvents,
} from '../api/audit-events.ts';
import { AuditEventDrawer, sentencesOf } from '../components/audit-event-drawer.tsx';
import {
  actionLabelOf,
  auditActionOptions,
  auditActions,
  auditEntityTypeOptions,
  auditEntityTypes,
  entityTypeLabelOf,
} from '../components/audit-labels.ts';
import { TextFilterInput } from '../components/text-filter-input.tsx';

type TAuditFilters = {
  actorUserId: string;
  action: TAuditAction;
  entityType: TAuditEntityType;
  from: string;
  to: string;
  ip: string;
};

// A day from the address only if it exists: startOfDay would throw on 2026-13-45.
const day = (raw: string) => (isCalendarDate(raw) ? raw : undefined);

/**
 * The screen's state as the API's filter: the days become instants, their bounds in the time zone of
 * the reader's App settings.
 */
const filterOf = (
  { q, from, to, ...rest }: { q?: string } & Partial<TAuditFilters>,
  { startOfDay, endOfDay }: Pick<TFormatter, 'startOfDay' | 'endOfDay'>,
): TAuditFilter => ({
  ...rest,
  ...(q ? { q } : {}),
  ...(from ? { from: startOfDay(from) } : {}),
  ...(to ? { to: endOfDay(to) } : {}),
});

const actorOption = (user: { _id: string; name: string; email: string }) => ({
  value: user._id,
  label: user.name || user.email,
});

const AuditLog = () => {
  const format = useFormat();
  const { formatDateTime } = format;
  const list = useListState<TAuditFilters, never>({
    filters: {
      actorUserId: anyText,
      action: oneOf(auditActions),
      entityType: oneOf(auditEntityTypes),
      from: day,
      to: day,
      ip: anyText,
    },
    sortFields: [],
    defaultPageSize: 25,
  });
  const filter = filterOf({ q: list.query.q, ...list.filters }, format);
  const query: TAuditListQuery = { ...filter, page: list.page, pageSize: list.pageSize };
  const events = useAuditEvents(query);
  const actors = useAuditActors();
  const filters: TListFilter<TAuditFilters>[] = [
    {
      name: 'actorUserId',
      by: 'who acted',
      placeholder: 'Anyone',
      width: 200,
      isSearchable: true,
      ...loadedOptions(actors, 'Users could not be loaded', actors.users.map(actorOption)),
    },
    {
      name: 'action',
      by: 'action',
      placeholder: 'All actions',
      width: 190,
      isSearchable: true,
      options: auditActionOptions,
    },
    {
      name: 'entityType',
      by: 'record type',
      placeholder: 'All record types',
      width: 190,
      isSearchable: true,
      options: auditEntityTypeOptions,
    },
  ];
  const [openEvent, setOpenEvent] = useState<TAuditEvent>();

  const columns: TableProps<TAuditEvent>['columns'] = [
    {
      key: 'occurredAt',
      title: 'When',
      width: 130,
      render: (_, event) => <time dateTime={event.occurredAt}>{formatDateTime(event.occurredAt)}</time>,
    },
    {
      key: 'actor',
      title: 'Who',
      // On a phone the sentence names who acted; the address is in the event's drawer.
      responsive: ['md'],
      render: (_, event) => {
        const name = event.actor.userId ? actors.namesById.get(event.actor.userId) : undefined;
        if (!event.actor.email) return <Typography.Text type="secondary">The system</Typography.Text>;
        return name ? (
          <>
            {name}
            <br />
            <Typography.Text type="secondary">{event.actor.email}</Typography.Text>
          </>
        ) : (
          event.actor.email
        );
      },
    },
    {
      key: 'what',
      title: 'What happened',
      render: (_, event) => (
        <Button
          type="link"
          style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
          aria-haspopup="dialog"
          onClick={() => setOpenEvent(event)}
        >
          {sentencesOf(event, actors.namesById)[0]}
        </Button>
      ),
    },
    {
      key: 'action',
      title: 'Action',
      responsive: ['lg'],
      render: (_, event) => `${actionLabelOf(event.action)} · ${entityTypeLabelOf(event.entityType)}`,
    },
    { key: 'ip', title: 'IP address', responsive: ['xl'], render: (_, event) => event.ip ?? '—' },
  ];

  return (
    <>
      <ListPage<TAuditEvent, TAuditFilters, never>
        title="Audit log"
        intro={
          <Typography.Paragraph type="secondary">
            Every sign-in, failed sign-in, export and change in your company, newest first. Open an event to
            read what changed, field by field.
          </Typography.Paragraph>
        }
        search={{
          label: 'Search the audit log',
          placeholder: 'Search by email, record id or IP',
          regionLabel: 'Find audit events',
        }}
        filters={
          <>
            <ListFilterSelects list={list} filters={filters} />
            <DateRangeInputs
              from={list.filters.from}
              to={list.filters.to}
              onChange={(range) => list.setFilters(range)}
            />
            <TextFilterInput
              label="Filter by IP address"
              placeholder="IP address"
              value={list.filters.ip}
              onApply={(value) => list.setFilter('ip', value)}
            />
          </>
        }
        list={list}
        query={events}
        columns={columns}
        noun={{ one: 'event', other: 'events' }}
        empty={{ unfiltered: 'No events yet.' }}
        notAllowed={{ what: "your company's audit log" }}
        export={{ fileName: 'audit-log.csv', download: () => downloadAuditCsv(filter) }}
        // When and what happened fit a phone's width; the other columns join as the screen widens.
        tableMinWidth={300}
      />
      <AuditEventDrawer
        event={openEvent}
        namesById={actors.namesById}
        onClose={() => setOpenEvent(undefined)}
      />
    </>
  );
};

/** /settings/audit: the company's audit trail, for holders of audit:read (Admins by default). */
export const AuditLogRoute = () => (
  <RequirePermission permission="audit:read" title="Audit log" what="your company's audit log">
    <AuditLog />
  </RequirePermission>
);
