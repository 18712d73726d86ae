import { SearchOutlined } from '@ant-design/icons';
import type { TCurrency, TCurrencySetting } from '@cargodesk/shared';
import {
  Alert,
  Button,
  Card,
  Empty,
  Input,
  Select,
  Space,
  Switch,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { QueryErrorAlert } from '../../../components/query-error-alert.tsx';
import { RequirePermission } from '../../../components/require-permission.tsx';
import { toErrorMessage } from '../../../lib/api-client.ts';
import { useCan } from '../../../lib/auth/permissions.ts';
import { useSession } from '../../../lib/auth/session-store.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import {
  useBaseCurrency,
  useCurrencySettings,
  useSetBaseCurrency,
  useUpdateCurrencySettings,
} from '../api/currency-settings.ts';
import { ExchangeRatesDrawer } from '../components/exchange-rates-drawer.tsx';

const pageSize = 20;

const useDebounced = <T,>(value: T, delayMs: number) => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
};

const Currencies = () => {
  const { referenceData } = useSession();
  const canWrite = useCan('currencies:write');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<TCurrencySetting>();
  const q = useDebounced(search.trim(), 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the search is the trigger.
  useEffect(() => setPage(1), [q]);

  const currencies = useCurrencySettings({ page, pageSize, ...(q ? { q } : {}) });
  const base = useBaseCurrency();
  const setBase = useSetBaseCurrency();
  const update = useUpdateCurrencySettings();
  const baseCurrency = base.data?.baseCurrency ?? null;
  const currencyOptions = useMemo(
    () =>
      ((referenceData?.currencies ?? []) as TCurrency[]).map((currency) => ({
        value: currency.code,
        label: `${currency.code} — ${currency.name}`,
      })),
    [referenceData],
  );

  const columns: TableProps<TCurrencySetting>['columns'] = [
    {
      key: 'code',
      title: 'Code',
      render: (_, currency) => (
        <Space size={4}>
          <Button type="link" style={{ padding: 0 }} onClick={() => setSelected(currency)}>
            {currency.code}
          </Button>
          {currency.isBase && <Tag color="blue">Base</Tag>}
        </Space>
      ),
    },
    { key: 'name', dataIndex: 'name', title: 'Name' },
    { key: 'symbol', dataIndex: 'symbol', title: 'Symbol' },
    { key: 'minorUnits', dataIndex: 'minorUnits', title: 'Decimals', responsive: ['md'] },
    {
      key: 'rate',
      title: baseCurrency ? `Rate today (in ${baseCurrency})` : 'Rate today',
      render: (_, currency) =>
        currency.isBase ? (
          '1'
        ) : currency.currentRate ? (
          <span title={`Effective from ${currency.currentRate.effectiveDate}`}>
            {currency.currentRate.rate}
          </span>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: 'enabled',
      title: 'In use',
      render: (_, currency) => (
        <Switch
          checked={currency.isEnabled}
          disabled={!canWrite || currency.isBase}
          aria-label={`${currency.code} in use`}
          onChange={(checked) =>
            update.mutate(
              { codes: [currency.code], isEnabled: checked },
              { onError: (error) => notifyError(toErrorMessage(error)) },
            )
          }
        />
      ),
    },
    {
      key: 'rates',
      title: 'Exchange rates',
      render: (_, currency) =>
        currency.isBase ? null : (
          <Button
            size="small"
            onClick={() => setSelected(currency)}
            aria-label={`${currency.code} exchange rates`}
          >
            Rates
          </Button>
        ),
    },
  ];

  return (
    <Card>
      <Typography.Title level={2} style={{ marginTop: 0 }}>
        Currencies
      </Typography.Title>
      <Space wrap align="center" style={{ marginBottom: 16 }}>
        <label htmlFor="base-currency">Base currency</label>
        <Select
          id="base-currency"
          showSearch={{
            optionFilterProp: 'label',
            // A typed code first: "EUR" puts the euro above "CHE — WIR Euro".
            filterSort: (left, right, { searchValue }) =>
              Number(!String(left.value).startsWith(searchValue.toUpperCase())) -
              Number(!String(right.value).startsWith(searchValue.toUpperCase())),
          }}
          style={{ width: 280 }}
          placeholder="Choose the base currency"
          value={baseCurrency ?? undefined}
          disabled={!canWrite}
          loading={base.isLoading || setBase.isPending}
          options={currencyOptions}
          onChange={(value: string) =>
            setBase.mutate(value, {
              onSuccess: () => notifySuccess(`Base currency set to ${value}`),
              onError: (error) => notifyError(toErrorMessage(error)),
            })
          }
        />
        <Typography.Text type="secondary">Exchange rates are entered against it.</Typography.Text>
      </Space>
      {!baseCurrency && base.isSuccess && (
        <Alert
          type="info"
          showIcon
          title="Choose your base currency to enter exchange rates."
          style={{ marginBottom: 16 }}
        />
      )}
      <Space wrap style={{ marginBottom: 16 }} role="search" aria-label="Find currencies">
        <Input
          allowClear
          prefix={<SearchOutlined aria-hidden />}
          placeholder="Search by code or name"
          aria-label="Search currencies"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ width: 280 }}
        />
      </Space>
      <QueryErrorAlert query={currencies} />
      <Table<TCurrencySetting>
        rowKey="code"
        columns={columns}
        dataSource={currencies.data?.data ?? []}
        loading={currencies.isFetching}
        onChange={(pagination) => setPage(pagination.current ?? 1)}
        pagination={{
          current: page,
          pageSize,
          total: currencies.data?.meta.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `${total} ${total === 1 ? 'currency' : 'currencies'}`,
        }}
        locale={{
          emptyText: currencies.isLoading ? ' ' : <Empty description="No currencies match your search." />,
        }}
        scroll={{ x: 'max-content' }}
      />
      <ExchangeRatesDrawer
        currency={selected}
        baseCurrency={baseCurrency}
        canWrite={canWrite && Boolean(baseCurrency)}
        onClose={() => setSelected(undefined)}
      />
    </Card>
  );
};

/** /settings/currencies: the base currency, which currencies are in use, and exchange rates with history. */
export const CurrenciesRoute = () => (
  <RequirePermission permission="currencies:read" title="Currencies" what="the currency settings">
    <Currencies />
  </RequirePermission>
);
