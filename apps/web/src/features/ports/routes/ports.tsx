import { EditOutlined, PlusOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { isPortKind, type TPortEntry, type TPortKind, type TPortListQuery } from '@cargodesk/shared';
import {
  Button,
  Descriptions,
  Drawer,
  Popconfirm,
  Segmented,
  Space,
  Switch,
  type TableProps,
  Tag,
  Tooltip,
} from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ListPage } from '@/components/list-page.tsx';
import { RequirePermission } from '@/components/require-permission.tsx';
import { paths } from '@/config/paths.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { oneOf } from '@/lib/list/list-url.ts';
import { useListState } from '@/lib/list/use-list-state.ts';
import { notifySuccess } from '@/lib/notify.ts';
import {
  getPorts,
  useDeletePort,
  useDeletePorts,
  usePorts,
  useSetFavourite,
  useSetFavourites,
} from '../api/ports.ts';
import { CustomPortModal } from '../components/custom-port-modal.tsx';

const titles = { oceanport: 'Ocean ports', airport: 'Airports' } as const;
const singular = { oceanport: 'ocean port', airport: 'airport' } as const;

type TSortField = 'code' | 'name' | 'city' | 'country';
type TPortFilters = { favourites: 'true' };

const formatCoordinate = (value: number | null, positive: string, negative: string) =>
  value === null ? '—' : `${Math.abs(value).toFixed(4)}° ${value >= 0 ? positive : negative}`;

const FavouriteButton = ({
  kind,
  entry,
  canWrite,
}: {
  kind: TPortKind;
  entry: TPortEntry;
  canWrite: boolean;
}) => {
  const setFavourite = useSetFavourite(kind);
  const label = `${entry.isFavourite ? 'Remove' : 'Add'} ${entry.code} ${entry.isFavourite ? 'from' : 'to'} favourites`;
  if (!canWrite) {
    return entry.isFavourite ? <StarFilled aria-label="Favourite" style={{ color: '#d48806' }} /> : null;
  }
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        aria-pressed={entry.isFavourite}
        loading={setFavourite.isPending}
        icon={entry.isFavourite ? <StarFilled style={{ color: '#d48806' }} /> : <StarOutlined />}
        onClick={(event) => {
          event.stopPropagation();
          setFavourite.mutate({ code: entry._id, isFavourite: !entry.isFavourite });
        }}
      />
    </Tooltip>
  );
};

const PortDetails = ({
  kind,
  entry,
  canWrite,
  onClose,
}: {
  kind: TPortKind;
  entry: TPortEntry | undefined;
  canWrite: boolean;
  onClose: () => void;
}) => {
  const remove = useDeletePort(kind);
  const [isEditing, setIsEditing] = useState(false);
  return (
    <Drawer
      title={entry ? `${entry.name} (${entry.code})` : ''}
      open={Boolean(entry)}
      onClose={onClose}
      size="default"
      extra={entry && <FavouriteButton kind={kind} entry={entry} canWrite={canWrite} />}
    >
      {entry && (
        <>
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              { key: 'code', label: kind === 'airport' ? 'Code' : 'UN/LOCODE', children: entry.code },
              ...(kind === 'airport'
                ? [
                    { key: 'iata', label: 'IATA', children: entry.iataCode ?? '—' },
                    { key: 'icao', label: 'ICAO', children: entry.icaoCode ?? '—' },
                  ]
                : []),
              { key: 'name', label: 'Name', children: entry.name },
              { key: 'city', label: 'City', children: entry.city || '—' },
              { key: 'country', label: 'Country', children: `${entry.countryName} (${entry.countryCode})` },
              { key: 'latitude', label: 'Latitude', children: formatCoordinate(entry.latitude, 'N', 'S') },
              { key: 'longitude', label: 'Longitude', children: formatCoordinate(entry.longitude, 'E', 'W') },
              ...(entry.timezone ? [{ key: 'timezone', label: 'Time zone', children: entry.timezone }] : []),
              {
                key: 'source',
                label: 'Source',
                children: entry.source === 'custom' ? 'Your company’s entry' : 'Catalogue',
              },
            ]}
          />
          {entry.latitude !== null && entry.longitude !== null && (
            <p style={{ marginTop: 16 }}>
              <a
                href={`https://www.openstreetmap.org/?mlat=${entry.latitude}&mlon=${entry.longitude}#map=12/${entry.latitude}/${entry.longitude}`}
                target="_blank"
                rel="noreferrer"
              >
                Show on a map
              </a>
            </p>
          )}
          {canWrite && entry.source === 'custom' && (
            <Space wrap style={{ marginTop: 16 }}>
              <Button icon={<EditOutlined />} onClick={() => setIsEditing(true)}>
                Edit entry
              </Button>
              <Popconfirm
                title={`Delete ${entry.code}?`}
                description="Your company’s entry is removed for everyone."
                okText="Delete"
                okButtonProps={{ danger: true }}
                onConfirm={() =>
                  remove.mutate(entry._id, {
                    onSuccess: () => {
                      notifySuccess(`${entry.code} deleted`);
                      onClose();
                    },
                  })
                }
              >
                <Button danger loading={remove.isPending}>
                  Delete entry
                </Button>
              </Popconfirm>
            </Space>
          )}
          {canWrite && entry.source === 'custom' && (
            <CustomPortModal
              key={entry._id}
              kind={kind}
              entry={entry}
              isOpen={isEditing}
              onClose={() => setIsEditing(false)}
            />
          )}
        </>
      )}
    </Drawer>
  );
};

/** /settings/{port}: the ocean port or airport catalogue with the company's own entries and favourites. */
export const PortsRoute = () => {
  const { port } = useParams();
  if (port === 'ports') return <Navigate to={paths.settingsPorts.href({ port: 'oceanport' })} replace />;
  if (!isPortKind(port)) return <Navigate to={paths.notFound.href()} replace />;
  return (
    <RequirePermission permission="ports:read" title={titles[port]} what="ports and airports">
      <PortsScreen key={port} kind={port} />
    </RequirePermission>
  );
};

const PortsScreen = ({ kind }: { kind: TPortKind }) => {
  const navigate = useNavigate();
  const canWrite = useCan('ports:write');

  const [selected, setSelected] = useState<TPortEntry>();
  const [isAdding, setIsAdding] = useState(false);
  const list = useListState<TPortFilters, TSortField>({
    filters: { favourites: oneOf(['true'] as const) },
    sortFields: ['code', 'name', 'city', 'country'],
  });
  const query = list.query as Partial<TPortListQuery>;
  const entries = usePorts(kind, query);
  const setFavourites = useSetFavourites(kind);
  const deletePorts = useDeletePorts(kind);
  // Only the company's own entries can be deleted; the catalogue's stay whatever is picked.
  const deleteAction = {
    label: 'Delete',
    isDanger: true,
    confirm: {
      title: (count: number) => `Delete ${count} picked ${count === 1 ? 'entry' : 'entries'}?`,
      description: 'Only your company’s own entries are deleted, for everyone; catalogue entries stay.',
      okText: 'Delete',
    },
    run: async (picked: TPortEntry[]) => {
      const own = picked.filter((entry) => entry.source === 'custom').map((entry) => entry._id);
      if (own.length > 0) await deletePorts.mutateAsync(own);
      notifySuccess(
        own.length === 0
          ? 'None of them is your company’s own entry: nothing was deleted'
          : `${own.length} ${own.length === 1 ? 'entry' : 'entries'} deleted`,
      );
    },
  };
  const favouriteAction = (isFavourite: boolean) => ({
    label: isFavourite ? 'Add to favourites' : 'Remove from favourites',
    run: async (picked: TPortEntry[]) => {
      const codes = picked.filter((entry) => entry.isFavourite !== isFavourite).map((entry) => entry._id);
      if (codes.length > 0) await setFavourites.mutateAsync({ codes, isFavourite });
      const count = `${codes.length} ${codes.length === 1 ? singular[kind] : titles[kind].toLowerCase()}`;
      notifySuccess(isFavourite ? `${count} added to favourites` : `${count} removed from favourites`);
    },
  });
  // The drawer shows the freshest copy of the selected entry (favourite toggles).
  const shown = selected && (entries.data?.data.find((entry) => entry._id === selected._id) ?? selected);

  const columns: TableProps<TPortEntry>['columns'] = [
    {
      key: 'favourite',
      title: <span className="visually-hidden">Favourite</span>,
      width: 56,
      render: (_, entry) => <FavouriteButton kind={kind} entry={entry} canWrite={canWrite} />,
    },
    {
      key: 'code',
      title: kind === 'airport' ? 'IATA' : 'UN/LOCODE',
      sorter: true,
      render: (_, entry) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => setSelected(entry)}>
          {entry.code}
        </Button>
      ),
    },
    ...(kind === 'airport'
      ? [{ key: 'icao', title: 'ICAO', render: (_: unknown, entry: TPortEntry) => entry.icaoCode ?? '—' }]
      : []),
    {
      key: 'name',
      title: 'Name',
      sorter: true,
      render: (_, entry) => (
        <Space size={4}>
          {entry.name}
          {entry.source === 'custom' && <Tag color="blue">Own</Tag>}
          {entry.retired && <Tag>Retired</Tag>}
        </Space>
      ),
    },
    { key: 'city', dataIndex: 'city', title: 'City', sorter: true },
    {
      key: 'country',
      title: 'Country',
      sorter: true,
      render: (_, entry) => `${entry.countryName} (${entry.countryCode})`,
    },
  ];

  return (
    <>
      <ListPage<TPortEntry, TPortFilters, TSortField>
        cardTitleKey="code"
        title={titles[kind]}
        actions={
          canWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsAdding(true)}>
              Add {singular[kind]}
            </Button>
          )
        }
        scope={
          <Segmented
            aria-label="Catalogue"
            value={kind}
            onChange={(value) => navigate(paths.settingsPorts.href({ port: value }))}
            options={[
              { value: 'oceanport', label: 'Ocean ports' },
              { value: 'airport', label: 'Airports' },
            ]}
          />
        }
        search={{
          label: `Search ${titles[kind].toLowerCase()}`,
          placeholder: 'Search by code, name, city or country',
          regionLabel: `Find ${titles[kind].toLowerCase()}`,
          width: 320,
        }}
        filters={
          <Space>
            <Switch
              id="favourites-only"
              checked={list.filters.favourites === 'true'}
              onChange={(checked) => list.setFilter('favourites', checked ? 'true' : undefined)}
              aria-label="Favourites only"
            />
            <label htmlFor="favourites-only">Favourites only</label>
          </Space>
        }
        list={list}
        query={entries}
        columns={columns}
        bulk={
          canWrite
            ? {
                rowLabel: (entry) => `${entry.name} (${entry.code})`,
                actions: [favouriteAction(true), favouriteAction(false), deleteAction],
              }
            : undefined
        }
        noun={{ one: singular[kind], other: titles[kind].toLowerCase() }}
        empty={{
          filtered: `No ${titles[kind].toLowerCase()} match your search.`,
          unfiltered: `No ${titles[kind].toLowerCase()} yet.`,
        }}
        notAllowed={{ what: 'ports and airports' }}
        export={{
          fileName: `${kind}s.csv`,
          fetchPage: (page) => getPorts(kind, { ...query, ...page }),
          columns: [
            { title: kind === 'airport' ? 'IATA' : 'UN/LOCODE', value: (entry) => entry.code },
            ...(kind === 'airport' ? [{ title: 'ICAO', value: (entry: TPortEntry) => entry.icaoCode }] : []),
            { title: 'Name', value: (entry) => entry.name },
            { title: 'City', value: (entry) => entry.city },
            { title: 'Country', value: (entry) => entry.countryName },
            { title: 'Country code', value: (entry) => entry.countryCode },
            { title: 'Latitude', value: (entry) => entry.latitude },
            { title: 'Longitude', value: (entry) => entry.longitude },
            { title: 'Time zone', value: (entry) => entry.timezone },
            { title: 'Own entry', value: (entry) => (entry.source === 'custom' ? 'yes' : 'no') },
            { title: 'Retired', value: (entry) => (entry.retired ? 'yes' : 'no') },
            { title: 'Favourite', value: (entry) => (entry.isFavourite ? 'yes' : 'no') },
          ],
        }}
      />
      <PortDetails kind={kind} entry={shown} canWrite={canWrite} onClose={() => setSelected(undefined)} />
      {canWrite && (
        <CustomPortModal
          kind={kind}
          isOpen={isAdding}
          onClose={() => setIsAdding(false)}
          // A search or "Favourites only" would hide what was just added: list it by its code instead.
          onAdded={(added) => list.applyQuery({ q: added.code })}
        />
      )}
    </>
  );
};
