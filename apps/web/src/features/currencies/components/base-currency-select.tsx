import type { TCurrency } from '@cargodesk/shared';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useSession } from '@/lib/auth/session-store.ts';

/** A searchable pick of the company's base currency from the reference list, by code and name. */
export const BaseCurrencySelect = ({
  id,
  value,
  isDisabled = false,
  isLoading = false,
  excludeCode,
  onChoose,
}: {
  id: string;
  value: string | null;
  isDisabled?: boolean;
  isLoading?: boolean;
  /** A currency that cannot be the base here: the one whose rates are open cannot be rated against itself. */
  excludeCode?: string;
  onChoose: (code: string) => void;
}) => {
  const { referenceData } = useSession();
  const options = useMemo(
    () =>
      ((referenceData?.currencies ?? []) as TCurrency[])
        .filter((currency) => currency.code !== excludeCode)
        .map((currency) => ({ value: currency.code, label: `${currency.code} — ${currency.name}` })),
    [referenceData, excludeCode],
  );
  return (
    <Select
      id={id}
      showSearch={{
        optionFilterProp: 'label',
        // A typed code first: "EUR" puts the euro above "CHE — WIR Euro".
        filterSort: (left, right, { searchValue }) =>
          Number(!String(left.value).startsWith(searchValue.toUpperCase())) -
          Number(!String(right.value).startsWith(searchValue.toUpperCase())),
      }}
      style={{ width: 280, maxWidth: '100%' }}
      placeholder="Choose the base currency"
      value={value ?? undefined}
      disabled={isDisabled}
      loading={isLoading}
      options={options}
      onChange={onChoose}
    />
  );
};
