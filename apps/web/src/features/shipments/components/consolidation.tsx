import type { TShipment } from '@cargodesk/shared';
import { Alert, Button, Flex, Form, Modal, Popconfirm, Select, Typography } from 'antd';
import { type CSSProperties, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths.ts';
import { toErrorMessage } from '@/lib/api-client.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { useDebounced } from '@/lib/list/use-debounced.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useAttachToMaster, useDetachFromMaster, useMasterOptions } from '../api/consolidation.ts';
import { modeLabels } from '../shipment-labels.ts';

/** A link in a sentence is told apart by more than its colour. */
const inSentence = { textDecoration: 'underline' } as const;

const ShipmentLink = ({
  shipment,
  style,
}: {
  shipment: { _id: string; reference: string };
  style?: CSSProperties;
}) => (
  <Link to={paths.shipmentDetail.href({ id: shipment._id })} style={style}>
    {shipment.reference}
  </Link>
);

/** Chooses a master of the shipment's mode and consolidates the shipment under it (or moves it there). */
const MasterPickerModal = ({ shipment, onClose }: { shipment: TShipment; onClose: () => void }) => {
  const [search, setSearch] = useState('');
  const [masterId, setMasterId] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  const masters = useMasterOptions(shipment.mode, useDebounced(search, 250));
  const attach = useAttachToMaster();
  const isMove = shipment.master !== null;
  const options = (masters.data ?? [])
    .filter((master) => master._id !== shipment.master?._id && master._id !== shipment._id)
    .map((master) => {
      const number = master.billOfLadingNumber ?? master.airWaybillNumber;
      return { value: master._id, label: number ? `${master.reference} · ${number}` : master.reference };
    });

  const onConsolidate = () => {
    if (!masterId) {
      setRefusal('Choose a master first.');
      return;
    }
    setRefusal(undefined);
    attach.mutate(
      { id: shipment._id, masterId },
      {
        onSuccess: (moved) => {
          notifySuccess(`${moved.reference} is now a house of ${moved.master?.reference ?? 'its master'}`);
          onClose();
        },
        onError: (error) => setRefusal(toErrorMessage(error)),
      },
    );
  };

  return (
    <Modal
      open
      title={isMove ? `Move ${shipment.reference} to another master` : `Consolidate ${shipment.reference}`}
      okText={isMove ? 'Move' : 'Consolidate'}
      onOk={onConsolidate}
      confirmLoading={attach.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} />}
      <Form layout="vertical">
        <Form.Item
          label="Master"
          htmlFor="master-picker"
          extra={`Masters by ${modeLabels[shipment.mode].toLowerCase()}, found by reference or ${shipment.mode === 'air' ? 'air waybill' : 'bill of lading'} number.`}
        >
          <Select
            id="master-picker"
            value={masterId}
            onChange={setMasterId}
            showSearch={{ filterOption: false, onSearch: setSearch }}
            placeholder="Search the masters"
            options={options}
            notFoundContent={masters.isFetching ? 'Searching…' : 'No master found'}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};

/**
 * Where the shipment stands in a consolidation: a house names its master (move, detach), a direct
 * shipment can be consolidated under a master of its mode, a master lists its houses.
 */
export const Consolidation = ({ shipment }: { shipment: TShipment }) => {
  const canWrite = useCan('shipments:write');
  const detach = useDetachFromMaster();
  const [isPicking, setIsPicking] = useState(false);
  const [refusal, setRefusal] = useState<string>();

  const onDetach = () => {
    setRefusal(undefined);
    detach.mutate(shipment._id, {
      onSuccess: (detached) => notifySuccess(`${detached.reference} is now a direct shipment`),
      onError: (error) => setRefusal(toErrorMessage(error)),
    });
  };

  const { master, houses } = shipment;
  return (
    <section aria-labelledby="consolidation-title" style={{ marginTop: 24 }}>
      <Typography.Title id="consolidation-title" level={2} style={{ fontSize: 16 }}>
        Consolidation
      </Typography.Title>
      {shipment.consolidation === 'master' && (
        <>
          <Typography.Paragraph>
            {houses.length === 0
              ? 'A master with no houses yet: consolidate a shipment of the same mode under it from that shipment’s page.'
              : `A master of ${houses.length === 1 ? 'one house' : `${houses.length} houses`}. Its totals of packages, weight and volume include its houses’.`}
          </Typography.Paragraph>
          {houses.length > 0 && (
            <ul aria-label="Houses" style={{ paddingLeft: 20, marginTop: 0 }}>
              {houses.map((house) => (
                <li key={house._id}>
                  <ShipmentLink shipment={house} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {shipment.consolidation === 'house' && master && (
        <Typography.Paragraph>
          A house consolidated under master <ShipmentLink shipment={master} style={inSentence} />.
        </Typography.Paragraph>
      )}
      {shipment.consolidation === 'direct' && (
        <Typography.Paragraph>A direct shipment, not consolidated under a master.</Typography.Paragraph>
      )}
      {canWrite && shipment.consolidation !== 'master' && (
        <Flex wrap gap="small">
          <Button onClick={() => setIsPicking(true)}>
            {master ? 'Move to another master' : 'Consolidate under a master'}
          </Button>
          {master && (
            <Popconfirm
              title={`Detach from ${master.reference}?`}
              description={`${shipment.reference} becomes a direct shipment, and ${master.reference}’s totals no longer include it.`}
              okText="Detach"
              okButtonProps={{ danger: true, loading: detach.isPending }}
              onConfirm={onDetach}
            >
              <Button danger disabled={detach.isPending}>
                Detach
              </Button>
            </Popconfirm>
          )}
        </Flex>
      )}
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginTop: 12 }} />}
      {isPicking && <MasterPickerModal shipment={shipment} onClose={() => setIsPicking(false)} />}
    </section>
  );
};
