import { PlusOutlined, SearchOutlined, StarFilled, StarOutlined, UploadOutlined } from '@ant-design/icons';
import { isPortKind, type TPortEntry, type TPortKind, type TPortListQuery } from '@cargodesk/shared';
import {
  Button,
  Card,
  Descriptions,
  Drawer,
  Empty,
  Input,
  Popconfirm,
  Segmented,
  Space,
  Switch,
  Table,
  type TableProps,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { RequirePermission } from '../../../components/require-permission.tsx';
import { paths } from '../../../config/paths.ts';
import { useCan } from '../../../lib/auth/permissions.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDeletePort, usePorts, useSetFavourite } from '../api/ports.ts';
import { CustomPortModal } from '../components/custom-port-modal.tsx';
import { PortImportModal } from '../components/port-import-modal.tsx';

const pageSize = 20;
const searchDelayMs = 300;

const titles = { oceanport: 'Ocean ports', airport: 'Airports' } as const;
const singular = { oceanport: 'ocean port', airport: 'airport' } as const;

type TSortField = 'code' | 'name' | 'city' | 'country';
type TSort = { field: TSortField; order: 'ascend' | 'descend' } | undefined;

const useDebounced = <T,>(value: T, delayMs: number) => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
};

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
              <Button danger loading={remove.isPending} style={{ marginTop: 16 }}>
                Delete entry
              </Button>
            </Popconfirm>
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

  const [search, setSearch] = useState('');
  const [favouritesOnly, setFavouritesOnly] = useState(false);
  const [sort, setSort] = useState<TSort>();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<TPortEntry>();
  const [isAdding, setIsAdding] = useState(false);
  const [isImporting, setIsImporting] = useState(false);
  const q = useDebounced(search.trim(), searchDelayMs);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the trigger.
  useEffect(() => setPage(1), [q, favouritesOnly]);

  const query: Partial<TPortListQuery> = {
    page,
    pageSize,
    ...(q ? { q } : {}),
    ...(favouritesOnly ? { favourites: 'true' as const } : {}),
    ...(sort ? { sort: `${sort.order === 'descend' ? '-' : ''}${sort.field}` } : {}),
  };
  const entries = usePorts(kind, query);
  // The drawer shows the freshest copy of the selected entry (favourite toggles).
  const shown = selected && (entries.data?.data.find((entry) => entry._id === selected._id) ?? selected);

  const sortOrderOf = (field: TSortField) => (sort?.field === field ? sort.order : null);
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
      sortOrder: sortOrderOf('code'),
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
      sortOrder: sortOrderOf('name'),
      render: (_, entry) => (
        <Space size={4}>
          {entry.name}
          {entry.source === 'custom' && <Tag color="blue">Own</Tag>}
          {entry.retired && <Tag>Retired</Tag>}
        </Space>
      ),
    },
    { key: 'city', dataIndex: 'city', title: 'City', sorter: true, sortOrder: sortOrderOf('city') },
    {
      key: 'country',
      title: 'Country',
      sorter: true,
      sortOrder: sortOrderOf('country'),
      render: (_, entry) => `${entry.countryName} (${entry.countryCode})`,
    },
  ];

  const onTableChange: TableProps<TPortEntry>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = single?.columnKey as TSortField | undefined;
    const nextSort: TSort = field && single?.order ? { field, order: single.order } : undefined;
    if (nextSort?.field !== sort?.field || nextSort?.order !== sort?.order) {
      setSort(nextSort);
      setPage(1);
      return;
    }
    setPage(pagination.current ?? 1);
  };

  return (
    <Card>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {titles[kind]}
        </Typography.Title>
        {canWrite && (
          <Space wrap>
            {kind === 'oceanport' && (
              <Button icon={<UploadOutlined />} onClick={() => setIsImporting(true)}>
                Import UN/LOCODE
              </Button>
            )}
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsAdding(true)}>
              Add {singular[kind]}
            </Button>
          </Space>
        )}
      </Space>
      <Space
        wrap
        style={{ marginBottom: 16 }}
        role="search"
        aria-label={`Find ${titles[kind].toLowerCase()}`}
      >
        <Segmented
          aria-label="Catalogue"
          value={kind}
          onChange={(value) => navigate(paths.settingsPorts.href({ port: value }))}
          options={[
            { value: 'oceanport', label: 'Ocean ports' },
            { value: 'airport', label: 'Airports' },
          ]}
        />
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder="Search by code, name, city or country"
          aria-label={`Search ${titles[kind].toLowerCase()}`}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ width: 320 }}
        />
        <Space>
          <Switch
            id="favourites-only"
            checked={favouritesOnly}
            onChange={setFavouritesOnly}
            aria-label="Favourites only"
          />
          <label htmlFor="favourites-only">Favourites only</label>
        </Space>
      </Space>
      <QueryErrorAlert query={entries} />
      <Table<TPortEntry>
        rowKey="_id"
        columns={columns}
        dataSource={entries.data?.data ?? []}
        loading={entries.isFetching}
        onChange={onTableChange}
        pagination={{
          current: page,
          pageSize,
          total: entries.data?.meta.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) =>
            `${total.toLocaleString()} ${total === 1 ? singular[kind] : titles[kind].toLowerCase()}`,
        }}
        locale={{
          emptyText: entries.isLoading ? (
            ' '
          ) : (
            <Empty
              description={
                q || favouritesOnly
                  ? `No ${titles[kind].toLowerCase()} match your search.`
                  : `No ${titles[kind].toLowerCase()} yet.`
              }
            />
          ),
        }}
        scroll={{ x: 'max-content' }}
      />
      <PortDetails kind={kind} entry={shown} canWrite={canWrite} onClose={() => setSelected(undefined)} />
      {canWrite && <CustomPortModal kind={kind} isOpen={isAdding} onClose={() => setIsAdding(false)} />}
      {canWrite && kind === 'oceanport' && (
        <PortImportModal isOpen={isImporting} onClose={() => setIsImporting(false)} />
      )}
    </Card>
  );
};
