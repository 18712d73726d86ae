import { EditOutlined } from '@ant-design/icons';
import {
  formatHsCode,
  type TCargoLineView,
  type TShipment,
  type TShipmentContainerView,
} from '@cargodesk/shared';
import { Button, Descriptions, Empty, Flex, Table, type TableProps, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { ListCards } from '@/components/list-cards.tsx';
import { useCan } from '@/lib/auth/permissions.ts';
import { useFormat } from '@/lib/format/format-store.ts';
import { useIsNarrowScreen } from '@/lib/use-is-narrow-screen.ts';
import {
  containersBySizeTypeText,
  dangerousGoodsText,
  packageTypeName,
  sizeTypeDescription,
} from '../cargo-labels.ts';
import { CargoFormModal } from './cargo-form-modal.tsx';

// A shipment's "Cargo" tab: the totals first (what a forwarder quotes and books by), then the cargo
// lines and, by sea, the containers. A table on a wide screen, cards on a phone.

/** The tab's label: by sea the containers are half of it. */
export const cargoTabLabel = (mode: TShipment['mode']) => (mode === 'sea' ? 'Cargo and containers' : 'Cargo');

const useQuantities = () => {
  const { formatNumber } = useFormat();
  const kg = (value: number) => `${formatNumber(value, { maximumFractionDigits: 3 })} kg`;
  const cubicMetres = (value: number) => `${formatNumber(value, { maximumFractionDigits: 3 })} m³`;
  return { formatNumber, kg, cubicMetres };
};

const Section = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <section aria-labelledby={id} style={{ marginTop: 24 }}>
    <Typography.Title level={2} id={id} style={{ fontSize: 16 }}>
      {title}
    </Typography.Title>
    {children}
  </section>
);

/** Rows as a table (its section's heading names it), or as cards on a phone. */
const Rows = <TRow,>({
  label,
  rows,
  rowKey,
  columns,
}: {
  label: string;
  rows: TRow[];
  rowKey: (row: TRow) => string;
  columns: NonNullable<TableProps<TRow>['columns']>;
}) =>
  useIsNarrowScreen() ? (
    <ListCards<TRow> label={label} rows={rows} rowKey={rowKey} columns={columns} />
  ) : (
    <Table<TRow>
      size="small"
      rowKey={rowKey}
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );

const Totals = ({ shipment }: { shipment: TShipment }) => {
  const { formatNumber, kg, cubicMetres } = useQuantities();
  const { totals } = shipment;
  const bySizeType = containersBySizeTypeText(totals.containersBySizeType);
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, lg: 4 }}
      items={[
        { key: 'packages', label: 'Packages', children: formatNumber(totals.packages) },
        { key: 'gross', label: 'Gross weight', children: kg(totals.grossWeightKg) },
        { key: 'volume', label: 'Volume', children: cubicMetres(totals.volumeM3) },
        ...(shipment.mode === 'sea'
          ? [
              {
                key: 'containers',
                label: 'Containers',
                children: totals.containerCount
                  ? `${formatNumber(totals.containerCount)} (${bySizeType})`
                  : 'None',
              },
            ]
          : [
              {
                key: 'volumeWeight',
                label: 'Volume weight',
                children: totals.volumeWeightKg === null ? '—' : kg(totals.volumeWeightKg),
              },
              {
                key: 'chargeable',
                label: 'Chargeable weight',
                children:
                  totals.chargeableWeightKg === null
                    ? '—'
                    : `${kg(totals.chargeableWeightKg)}, by ${totals.chargeableBasis === 'volume' ? 'volume' : 'gross weight'}`,
              },
            ]),
      ]}
    />
  );
};

const LinesTable = ({ shipment }: { shipment: TShipment }) => {
  const { formatNumber, kg, cubicMetres } = useQuantities();
  const columns: NonNullable<TableProps<TCargoLineView>['columns']> = [
    {
      key: 'packages',
      title: 'Packages',
      render: (_, line) =>
        `${formatNumber(line.packageCount)} × ${packageTypeName(line.packageType)} (${line.packageType})`,
    },
    { key: 'description', title: 'Description', dataIndex: 'description' },
    {
      key: 'hsCode',
      title: 'HS code',
      render: (_, line) => (line.hsCode ? formatHsCode(line.hsCode) : ''),
    },
    { key: 'gross', title: 'Gross weight', align: 'right', render: (_, line) => kg(line.grossWeightKg) },
    {
      key: 'volume',
      title: 'Volume',
      align: 'right',
      render: (_, line) => (line.volumeM3 === null ? '' : cubicMetres(line.volumeM3)),
    },
    ...(shipment.mode === 'air'
      ? [
          {
            key: 'dimensions',
            title: 'Dimensions (cm)',
            render: (_: unknown, line: TCargoLineView) =>
              line.dimensions
                .map(
                  (piece) =>
                    `${formatNumber(piece.pieces)} × ${[piece.lengthCm, piece.widthCm, piece.heightCm].map((cm) => formatNumber(cm)).join(' × ')}`,
                )
                .join('; '),
          },
        ]
      : []),
    {
      key: 'dangerousGoods',
      title: 'Dangerous goods',
      render: (_, line) => dangerousGoodsText(line.dangerousGoodsUnNumber, line.dangerousGoodsClass),
    },
  ];
  return (
    <Rows<TCargoLineView>
      label="Cargo lines"
      rows={shipment.cargoLines}
      // Lines have no id of their own: their place is their key, as the server keeps them.
      rowKey={(line) => String(shipment.cargoLines.indexOf(line))}
      columns={columns}
    />
  );
};

const ContainersTable = ({ containers }: { containers: TShipmentContainerView[] }) => {
  const { kg } = useQuantities();
  const columns: NonNullable<TableProps<TShipmentContainerView>['columns']> = [
    { key: 'number', title: 'Number', dataIndex: 'number' },
    {
      key: 'sizeType',
      title: 'Size-type',
      render: (_, container) =>
        `${container.sizeType}${sizeTypeDescription(container.sizeType) ? ` – ${sizeTypeDescription(container.sizeType)}` : ''}`,
    },
    { key: 'seals', title: 'Seals', render: (_, container) => container.seals.join(', ') },
    {
      key: 'tare',
      title: 'Tare',
      align: 'right',
      render: (_, container) => (container.tareKg === null ? '' : kg(container.tareKg)),
    },
    {
      key: 'vgm',
      title: 'Verified gross mass',
      align: 'right',
      render: (_, container) =>
        container.verifiedGrossMassKg === null ? '' : kg(container.verifiedGrossMassKg),
    },
  ];
  return (
    <Rows<TShipmentContainerView>
      label="Containers"
      rows={containers}
      rowKey={(container) => container.number}
      columns={columns}
    />
  );
};

/** The shipment's cargo and, by sea, its containers; who may write shipments changes them. */
export const CargoTab = ({ shipment }: { shipment: TShipment }) => {
  const canWrite = useCan('shipments:write');
  const [isEditing, setIsEditing] = useState(false);
  const isSea = shipment.mode === 'sea';
  const isEmpty = shipment.cargoLines.length === 0 && shipment.containers.length === 0;
  const houseCount = shipment.houses.length;
  return (
    <div>
      <Flex justify="space-between" align="start" wrap gap="middle">
        <Typography.Title level={2} id="cargo-totals" style={{ fontSize: 16, margin: 0 }}>
          Totals
        </Typography.Title>
        {canWrite && (
          <Button icon={<EditOutlined />} onClick={() => setIsEditing(true)}>
            Edit cargo
          </Button>
        )}
      </Flex>
      <section aria-labelledby="cargo-totals" style={{ marginTop: 12 }}>
        <Totals shipment={shipment} />
        {shipment.consolidation === 'master' && (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {houseCount > 0
              ? `These totals include the cargo of this master's ${houseCount === 1 ? 'house' : `${houseCount} houses`}: ${shipment.houses.map((house) => house.reference).join(', ')}.`
              : "A master's totals include its houses' cargo; it has no houses yet."}
          </Typography.Paragraph>
        )}
      </section>
      {isEmpty ? (
        <Empty
          style={{ marginTop: 24 }}
          description={
            canWrite
              ? `No cargo yet. Add the packages, their weight and volume${isSea ? ', and the containers' : ' and dimensions'} with Edit cargo.`
              : 'No cargo yet. Someone whose role may change shipments adds it.'
          }
        />
      ) : (
        <>
          <Section id="cargo-lines" title="Cargo lines">
            {shipment.cargoLines.length > 0 ? (
              <LinesTable shipment={shipment} />
            ) : (
              <Typography.Text type="secondary">No cargo lines yet.</Typography.Text>
            )}
          </Section>
          {isSea && (
            <Section id="cargo-containers" title="Containers">
              {shipment.containers.length > 0 ? (
                <ContainersTable containers={shipment.containers} />
              ) : (
                <Typography.Text type="secondary">No containers yet.</Typography.Text>
              )}
            </Section>
          )}
        </>
      )}
      {isEditing && <CargoFormModal shipment={shipment} onClose={() => setIsEditing(false)} />}
    </div>
  );
};
