import { StarFilled, StarOutlined } from '@ant-design/icons';
import type { TCountrySetting, TCountrySettingsQuery } from '@cargodesk/shared';
import { Button, Radio, Switch, type TableProps, Tooltip, Typography } from 'antd';
import { ListPage } from '@/components/list-page.tsx';
import { ReadOnlyNotice } from '@/components/read-only-notice.tsx';
import { RequirePermission } from '@/components/require-permission.tsx';
import { useCan } from '@/lib/auth/permissions.ts';
import { oneOf } from '@/lib/list/list-url.ts';
import { useListState } from '@/lib/list/use-list-state.ts';
import { getCountrySettings, useCountrySettings, useUpdateCountrySettings } from '../api/country-settings.ts';

type TSortField = 'name' | 'code' | 'region' | 'callingCode' | 'currency';
type TShow = 'enabled' | 'disabled' | 'favourites';
type TCountryFilters = { show: TShow };

const showFilters: Record<TShow, Partial<TCountrySettingsQuery>> = {
  enabled: { enabled: 'true' },
  disabled: { enabled: 'false' },
  favourites: { favourites: 'true' },
};

const Countries = () => {
  const canWrite = useCan('countries:write');
  const list = useListState<TCountryFilters, TSortField>({
    filters: { show: oneOf(['enabled', 'disabled', 'favourites'] as const) },
    sortFields: ['name', 'code', 'region', 'callingCode', 'currency'],
  });
  // "Show" is one choice on screen but one or two parameters for the API.
  const { show, ...rest } = list.query;
  const query = { ...rest, ...(show ? showFilters[show] : {}) } as Partial<TCountrySettingsQuery>;
  const countries = useCountrySettings(query);
  const update = useUpdateCountrySettings();
  const change = (country: TCountrySetting, patch: { isEnabled?: boolean; isFavourite?: boolean }) =>
    update.mutate({ codes: [country.code], ...patch });

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
      render: (_, c) => `${c.code} / ${c.alpha3}`,
    },
    {
      key: 'callingCode',
      title: 'Calling code',
      sorter: true,
      render: (_, country) => `+${country.callingCode}`,
    },
    {
      key: 'currency',
      dataIndex: 'currency',
      title: 'Currency',
      sorter: true,
    },
    {
      key: 'region',
      dataIndex: 'region',
      title: 'Region',
      sorter: true,
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

  return (
    <ListPage<TCountrySetting, TCountryFilters, TSortField>
      title="Countries"
      intro={
        <>
          {!canWrite && <ReadOnlyNotice what="the company's countries" permission="countries:write" />}
          <Typography.Paragraph type="secondary">
            Turn off the countries your company does not work with and star the ones it uses most: they come
            first.
          </Typography.Paragraph>
        </>
      }
      search={{
        label: 'Search countries',
        placeholder: 'Search by name, code, calling code or currency',
        regionLabel: 'Find countries',
        width: 340,
      }}
      filters={
        <Radio.Group
          aria-label="Show"
          optionType="button"
          value={list.filters.show ?? 'all'}
          onChange={(event) => {
            const value = event.target.value as TShow | 'all';
            list.setFilter('show', value === 'all' ? undefined : value);
          }}
          options={[
            { value: 'all', label: 'All countries' },
            { value: 'enabled', label: 'In use' },
            { value: 'disabled', label: 'Not in use' },
            { value: 'favourites', label: 'Favourites' },
          ]}
        />
      }
      list={list}
      query={countries}
      columns={columns}
      rowKey="code"
      noun={{ one: 'country', other: 'countries' }}
      empty={{ filtered: 'No countries match your search.' }}
      notAllowed={{ what: 'the countries settings' }}
      export={{
        fileName: 'countries.csv',
        fetchPage: (page) => getCountrySettings({ ...query, ...page }),
        columns: [
          { title: 'Country', value: (country) => country.name },
          { title: 'Code', value: (country) => country.code },
          { title: 'Alpha-3', value: (country) => country.alpha3 },
          { title: 'Calling code', value: (country) => country.callingCode },
          { title: 'Currency', value: (country) => country.currency },
          { title: 'Region', value: (country) => country.region },
          { title: 'In use', value: (country) => (country.isEnabled ? 'yes' : 'no') },
          { title: 'Favourite', value: (country) => (country.isFavourite ? 'yes' : 'no') },
        ],
      }}
    />
  );
};

/** /settings/countries: the 250 countries, which ones the company works with and its favourites. */
export const CountriesRoute = () => (
  <RequirePermission permission="countries:read" title="Countries" what="the countries settings">
    <Countries />
  </RequirePermission>
);
