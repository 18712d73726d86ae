import { EditOutlined } from '@ant-design/icons';
import {
  chargeUnitLabels,
  type TChargeLine,
  type TChargeSide,
  type TDropdownValue,
  type TShipment,
  type TShipmentCharges,
} from '@cargodesk/shared';
import { Alert, Button, Descriptions, Empty, Flex, Skeleton, Table, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { QueryErrorAlert } from '@/components/query-error-alert.tsx';
import { paths } from '@/config/paths.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { useFormat } from '@/lib/format/format-store.ts';
import { useChargeCodes, useCharges } from '../api/charges.ts';
import { chargeCodeLabelOf, moneyText } from '../charge-lines.ts';
import { ChargesForm } from './charges-form.tsx';
import './charges.css';

const sideTitles: Record<TChargeSide, string> = { sell: 'Sell (revenue)', buy: 'Buy (cost)' };

/** Revenue, cost, margin and margin % in the base currency, as the server summed them exactly. */
const ChargesSummary = ({ charges }: { charges: TShipmentCharges }) => {
  const { formatDecimalText } = useFormat();
  const { totals, baseCurrency } = charges;
  const money = (amount: string) => moneyText(formatDecimalText, amount, baseCurrency);
  return (
    <section aria-label="Revenue and margin">
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={[
          { key: 'revenue', label: 'Revenue', children: money(totals.revenue) },
          { key: 'cost', label: 'Cost', children: money(totals.cost) },
          { key: 'margin', label: 'Margin', children: money(totals.margin) },
          {
            key: 'marginPercent',
            label: 'Margin %',
            children: totals.marginPercent === null ? '—' : `${formatDecimalText(totals.marginPercent)} %`,
          },
        ]}
      />
    </section>
  );
};

/** One side's lines: what was charged, to or by whom, at which rate, and what it makes in the base currency. */
const ChargeLinesTable = ({
  side,
  lines,
  codes,
  baseCurrency,
}: {
  side: TChargeSide;
  lines: TChargeLine[];
  codes: readonly TDropdownValue[];
  baseCurrency: string | null;
}) => {
  const { formatDecimalText, formatDay } = useFormat();
  const columns: TableProps<TChargeLine>['columns'] = [
    {
      key: 'charge',
      title: 'Charge',
      render: (_, line) => (
        <span>
          {chargeCodeLabelOf(line.chargeCode, codes)}
          {line.description && (
            <Typography.Text type="secondary" style={{ display: 'block' }}>
              {line.description}
            </Typography.Text>
          )}
        </span>
      ),
    },
    {
      key: 'party',
      title: side === 'sell' ? 'Bill to' : 'Supplier',
      render: (_, line) => (
        <Link to={paths.contactDetail.href({ id: line.party._id })}>{line.party.name}</Link>
      ),
    },
    {
      key: 'quantity',
      title: 'Quantity',
      align: 'right',
      render: (_, line) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {formatDecimalText(line.quantity)} {chargeUnitLabels[line.unit]}
        </span>
      ),
    },
    {
      key: 'unitPrice',
      title: 'Unit price',
      align: 'right',
      render: (_, line) => moneyText(formatDecimalText, line.unitPrice, line.currency),
    },
    {
      key: 'amount',
      title: 'Amount',
      align: 'right',
      render: (_, line) => moneyText(formatDecimalText, line.amount, line.currency),
    },
    {
      key: 'rate',
      title: 'Rate',
      render: (_, line) =>
        line.currency === line.exchangeRate.baseCurrency ? (
          <Typography.Text type="secondary">Base currency</Typography.Text>
        ) : (
          <span style={{ whiteSpace: 'nowrap' }}>
            1 {line.currency} = {formatDecimalText(line.exchangeRate.rate)} {line.exchangeRate.baseCurrency}
            <Typography.Text type="secondary" style={{ display: 'block' }}>
              rate of {formatDay(line.exchangeRate.effectiveDate)}
            </Typography.Text>
          </span>
        ),
    },
    {
      key: 'baseAmount',
      title: baseCurrency ? `Amount in ${baseCurrency}` : 'Amount in base currency',
      align: 'right',
      render: (_, line) => moneyText(formatDecimalText, line.baseAmount, line.exchangeRate.baseCurrency),
    },
  ];
  return (
    <section aria-label={sideTitles[side]} style={{ marginTop: 24 }}>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        {sideTitles[side]}
      </Typography.Title>
      <Table<TChargeLine>
        size="small"
        rowKey={(line) => lines.indexOf(line)}
        columns={columns}
        dataSource={lines}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: side === 'sell' ? 'No sell lines.' : 'No buy lines.' }}
      />
    </section>
  );
};

/**
 * A shipment's buy and sell lines with revenue, cost and margin in the company's base currency;
 * a writer edits them all at once, as the server replaces them.
 */
export const ChargesTab = ({ shipment }: { shipment: TShipment }) => {
  const canEdit = useCan('shipments:write');
  const charges = useCharges(shipment._id);
  const codes = useChargeCodes();
  const [isEditing, setIsEditing] = useState(false);

  if (charges.isError) return <QueryErrorAlert query={charges} />;
  if (charges.isPending) return <Skeleton active />;
  const shown = charges.data;
  const activeCodes = codes.data ?? [];

  if (isEditing)
    return (
      <ChargesForm
        shipment={shipment}
        charges={shown}
        codes={activeCodes}
        onDone={() => setIsEditing(false)}
      />
    );

  const hasLines = shown.lines.length > 0;
  return (
    <div>
      <Flex justify="space-between" align="flex-start" wrap gap="middle" style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 640 }}>
          Each line keeps the exchange rate in force on its date; revenue, cost and margin are in{' '}
          {shown.baseCurrency ?? 'your base currency'}.
        </Typography.Paragraph>
        {canEdit && (
          <Button icon={<EditOutlined />} onClick={() => setIsEditing(true)}>
            Edit charges
          </Button>
        )}
      </Flex>
      {!shown.baseCurrency && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title="Your company has no base currency yet"
          description={
            <span>
              Charges are totalled in it: an admin chooses it under{' '}
              <Link to={paths.settingsCurrencies.href()} style={{ textDecoration: 'underline' }}>
                Currencies
              </Link>
              .
            </span>
          }
        />
      )}
      {shown.totals.linesInOtherBase > 0 && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${shown.totals.linesInOtherBase} of the lines were written against an earlier base currency and are left out of the totals. Saving the charges again converts them at the rates in force now.`}
        />
      )}
      {hasLines ? (
        <>
          <ChargesSummary charges={shown} />
          {(['sell', 'buy'] as const).map((side) => (
            <ChargeLinesTable
              key={side}
              side={side}
              lines={shown.lines.filter((line) => line.side === side)}
              codes={activeCodes}
              baseCurrency={shown.baseCurrency}
            />
          ))}
        </>
      ) : (
        <Empty
          description={
            canEdit
              ? 'No charges yet. Add what you invoice the customer and what suppliers invoice you with Edit charges.'
              : 'No charges yet.'
          }
        />
      )}
    </div>
  );
};
