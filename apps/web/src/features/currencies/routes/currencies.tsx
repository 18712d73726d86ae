import type { TCurrencySetting, TCurrencySettingsQuery } from '@cargodesk/shared';
import { Alert, Button, Modal, Space, Switch, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ListPage } from '@/components/list-page.tsx';
import { ReadOnlyNotice } from '@/components/read-only-notice.tsx';
import { RequirePermission } from '@/components/require-permission.tsx';
import { useCan } from '@/lib/auth/permissions.ts';
import { useFormat } from '@/lib/format/format-store.ts';
import { useListState } from '@/lib/list/use-list-state.ts';
import { notifySuccess } from '@/lib/notify.ts';
import {
  getCurrencySettings,
  useBaseCurrency,
  useCurrencySettings,
  useSetBaseCurrency,
  useUpdateCurrencySettings,
} from '../api/currency-settings.ts';
import { BaseCurrencySelect } from '../components/base-currency-select.tsx';
import { ExchangeRatesDrawer } from '../components/exchange-rates-drawer.tsx';

// The fields GET /master/api/v1/currency-settings sorts by; without one the base currency comes first.
type TCurrencySortField = 'code' | 'name' | 'minorUnits';
const sortFields: readonly TCurrencySortField[] = ['code', 'name', 'minorUnits'];

const Currencies = () => {
  const { formatDay, formatDecimalText } = useFormat();
  const canWrite = useCan('currencies:write');
  const [selected, setSelected] = useState<TCurrencySetting>();
  // A new base currency waiting for the user to confirm it (rates are kept per base currency).
  const [pendingBase, setPendingBase] = useState<string>();
  const list = useListState<Record<never, never>, TCurrencySortField>({ filters: {}, sortFields });
  const query = list.query as Partial<TCurrencySettingsQuery>;
  const currencies = useCurrencySettings(query);
  const base = useBaseCurrency();
  const setBase = useSetBaseCurrency();
  const update = useUpdateCurrencySettings();
  const baseCurrency = base.data?.baseCurrency ?? null;

  const changeBase = (value: string) =>
    setBase.mutate(value, {
      onSuccess: () => notifySuccess(`Base currency set to ${value}`),
      onSettled: () => setPendingBase(undefined),
    });

  const columns: TableProps<TCurrencySetting>['columns'] = [
    {
      key: 'code',
      title: 'Code',
      sorter: true,
      render: (_, currency) => (
        <Space size={4}>
          <Button type="link" style={{ padding: 0 }} onClick={() => setSelected(currency)}>
            {currency.code}
          </Button>
          {currency.isBase && <Tag color="blue">Base</Tag>}
        </Space>
      ),
    },
    { key: 'name', dataIndex: 'name', title: 'Name', sorter: true },
    { key: 'symbol', dataIndex: 'symbol', title: 'Symbol' },
    { key: 'minorUnits', dataIndex: 'minorUnits', title: 'Decimals', sorter: true, responsive: ['md'] },
    {
      key: 'rate',
      title: baseCurrency ? `Rate today (in ${baseCurrency})` : 'Rate today',
      render: (_, currency) =>
        currency.isBase ? (
          '1'
        ) : currency.currentRate ? (
          <span title={`Effective from ${formatDay(currency.currentRate.effectiveDate)}`}>
            {formatDecimalText(currency.currentRate.rate)}
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
          onChange={(checked) => update.mutate({ codes: [currency.code], isEnabled: checked })}
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
    <>
      <ListPage<TCurrencySetting, Record<never, never>, TCurrencySortField>
        title="Currencies"
        intro={
          <>
            {!canWrite && (
              <ReadOnlyNotice what="the company's currencies and rates" permission="currencies:write" />
            )}
            <Space wrap align="center" style={{ marginBottom: 16 }}>
              <label htmlFor="base-currency">Base currency</label>
              <BaseCurrencySelect
                id="base-currency"
                value={baseCurrency}
                isDisabled={!canWrite}
                isLoading={base.isLoading || setBase.isPending}
                onChoose={(value) => {
                  if (baseCurrency && value !== baseCurrency) setPendingBase(value);
                  else changeBase(value);
                }}
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
          </>
        }
        search={{
          label: 'Search currencies',
          placeholder: 'Search by code or name',
          regionLabel: 'Find currencies',
        }}
        list={list}
        query={currencies}
        columns={columns}
        rowKey="code"
        noun={{ one: 'currency', other: 'currencies' }}
        empty={{ filtered: 'No currencies match your search.' }}
        notAllowed={{ what: 'the currency settings' }}
        export={{
          fileName: 'currencies.csv',
          fetchPage: (page) => getCurrencySettings({ ...query, ...page }),
          columns: [
            { title: 'Code', value: (currency) => currency.code },
            { title: 'Name', value: (currency) => currency.name },
            { title: 'Symbol', value: (currency) => currency.symbol },
            { title: 'Decimals', value: (currency) => currency.minorUnits },
            { title: 'Base', value: (currency) => (currency.isBase ? 'yes' : 'no') },
            {
              title: 'Rate today',
              value: (currency) => (currency.isBase ? '1' : currency.currentRate?.rate),
            },
            { title: 'Rate effective from', value: (currency) => currency.currentRate?.effectiveDate },
            { title: 'In use', value: (currency) => (currency.isEnabled ? 'yes' : 'no') },
          ],
        }}
      />
      <Modal
        open={pendingBase !== undefined}
        title={`Change the base currency to ${pendingBase}?`}
        okText={`Change to ${pendingBase}`}
        onOk={() => pendingBase && changeBase(pendingBase)}
        confirmLoading={setBase.isPending}
        onCancel={() => setPendingBase(undefined)}
        destroyOnHidden
      >
        <p>
          Exchange rates are kept per base currency: the rates entered against {baseCurrency} stop showing
          until {baseCurrency} is the base currency again.
        </p>
      </Modal>
      <ExchangeRatesDrawer
        currency={selected}
        baseCurrency={baseCurrency}
        canWrite={canWrite}
        onChooseBase={changeBase}
        isChoosingBase={setBase.isPending}
        onClose={() => setSelected(undefined)}
      />
    </>
  );
};

/** /settings/currencies: the base currency, which currencies are in use, and exchange rates with history. */
export const CurrenciesRoute = () => (
  <RequirePermission permission="currencies:read" title="Currencies" what="the currency settings">
    <Currencies />
  </RequirePermission>
);
