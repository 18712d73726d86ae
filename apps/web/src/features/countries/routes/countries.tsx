import { SearchOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { TCountrySetting, TCountrySettingsQuery } from '@cargodesk/shared';
import {
  Button,
  Card,
  Empty,
  Input,
  Radio,
  Space,
  Switch,
  Table,
  type TableProps,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect, useState } from 'react';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { RequirePermission } from '../../../components/require-permission.tsx';
import { toErrorMessage } from '../../../lib/api-client.ts';
import { useCan } from '../../../lib/auth/permissions.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useCountrySettings, useUpdateCountrySettings } from '../api/country-settings.ts';

const pageSize = 20;

type TSortField = 'name' | 'code' | 'region' | 'callingCode' | 'currency';
type TSort = { field: TSortField; order: 'ascend' | 'descend' } | undefined;
type TShow = 'all' | 'enabled' | 'disabled' | 'favourites';

const useDebounced = <T,>(value: T, delayMs: number) => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
};

const showFilters: Record<TShow, Partial<TCountrySettingsQuery>> = {
  all: {},
  enabled: { enabled: 'true' },
  disabled: { enabled: 'false' },
  favourites: { favourites: 'true' },
};

const Countries = () => {
  const canWrite = useCan('countries:write');
  const [search, setSearch] = useState('');
  const [show, setShow] = useState<TShow>('all');
  const [sort, setSort] = useState<TSort>();
  const [page, setPage] = useState(1);
  const q = useDebounced(search.trim(), 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the trigger.
  useEffect(() => setPage(1), [q, show]);

  const countries = useCountrySettings({
    page,
    pageSize,
    ...(q ? { q } : {}),
    ...showFilters[show],
    ...(sort ? { sort: `${sort.order === 'descend' ? '-' : ''}${sort.field}` } : {}),
  });
  const update = useUpdateCountrySettings();
  const change = (country: TCountrySetting, patch: { isEnabled?: boolean; isFavourite?: boolean }) =>
    update.mutate(
      { codes: [country.code], ...patch },
      { onError: (error) => notifyError(toErrorMessage(error)) },
    );

  const sortOrderOf = (field: TSortField) => (sort?.field === field ? sort.order : null);
  const columns: TableProps<TCountrySetting>['columns'] = [
    {
      key: 'favourite',
      title: <span className="visually-hidden">Favourite</span>,
      width: 56,
      render: (_, country) => {
        const label = `${country.isFavourite ? 'Remove' : 'Add'} ${country.name} ${country.isFavourite ? 'from' : 'to'} favourites`;
        if (!canWrite)
          return country.isFavourite ? (
            <StarFilled aria-label="Favourite" style={{ color: '#d48806' }} />
          ) : null;
        return (
          <Tooltip title={label}>
            <Button
              type="text"
              aria-label={label}
              aria-pressed={country.isFavourite}
              icon={country.isFavourite ? <StarFilled style={{ color: '#d48806' }} /> : <StarOutlined />}
              onClick={() => change(country, { isFavourite: !country.isFavourite })}
            />
          </Tooltip>
        );
      },
    },
    {
      key: 'name',
      title: 'Country',
      sorter: true,
      sortOrder: sortOrderOf('name'),
      render: (_, country) => (
        <span>
          <span aria-hidden>{country.flag}</span> {country.name}
        </span>
      ),
    },
    {
      key: 'code',
      title: 'Code',
      sorter: true,
      sortOrder: sortOrderOf('code'),
      render: (_, c) => `${c.code} / ${c.alpha3}`,
    },
    {
      key: 'callingCode',
      title: 'Calling code',
      sorter: true,
      sortOrder: sortOrderOf('callingCode'),
      render: (_, country) => `+${country.callingCode}`,
    },
    {
      key: 'currency',
      dataIndex: 'currency',
      title: 'Currency',
      sorter: true,
      sortOrder: sortOrderOf('currency'),
    },
    {
      key: 'region',
      dataIndex: 'region',
      title: 'Region',
      sorter: true,
      sortOrder: sortOrderOf('region'),
      responsive: ['lg'],
    },
    {
      key: 'enabled',
      title: 'In use',
      render: (_, country) => (
        <Switch
          checked={country.isEnabled}
          disabled={!canWrite}
          aria-label={`${country.name} in use`}
          onChange={(checked) => change(country, { isEnabled: checked })}
        />
      ),
    },
  ];

  const onTableChange: TableProps<TCountrySetting>['onChange'] = (pagination, _filters, sorter) => {
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
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        Countries
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Turn off the countries your company does not work with and star the ones it uses most: they come
        first.
      </Typography.Paragraph>
      <Space wrap style={{ marginBottom: 16 }} role="search" aria-label="Find countries">
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder="Search by name, code, calling code or currency"
          aria-label="Search countries"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ width: 340 }}
        />
        <Radio.Group
          aria-label="Show"
          optionType="button"
          value={show}
          onChange={(event) => setShow(event.target.value as TShow)}
          options={[
            { value: 'all', label: 'All countries' },
            { value: 'enabled', label: 'In use' },
            { value: 'disabled', label: 'Not in use' },
            { value: 'favourites', label: 'Favourites' },
          ]}
        />
      </Space>
      <QueryErrorAlert query={countries} />
      <Table<TCountrySetting>
        rowKey="code"
        columns={columns}
        dataSource={countries.data?.data ?? []}
        loading={countries.isFetching}
        onChange={onTableChange}
        pagination={{
          current: page,
          pageSize,
          total: countries.data?.meta.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `${total} ${total === 1 ? 'country' : 'countries'}`,
        }}
        locale={{
          emptyText: countries.isLoading ? ' ' : <Empty description="No countries match your search." />,
        }}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
};

/** /settings/countries: the 250 countries, which ones the company works with and its favourites. */
export const CountriesRoute = () => (
  <RequirePermission permission="countries:read" title="Countries" what="the countries settings">
    <Countries />
  </RequirePermission>
);
