import {
  isEquipmentCode,
  milestoneClassifierLabels,
  milestoneCodesOfMode,
  shipmentEventRules,
  type TMilestoneClassifier,
  type TShipment,
  type TShipmentEvent,
  type TShipmentTimeline,
  type TShipmentTimelineStep,
} from '@cargodesk/shared';
import {
  Alert,
  Button,
  Form,
  Input,
  Modal,
  Radio,
  Select,
  Skeleton,
  Space,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { QueryErrorAlert } from '@/components/query-error-alert.tsx';
import { toErrorMessage } from '@/lib/api-client.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { useFormat } from '@/lib/format/format-store.ts';
import { instantOfLocalMinute, localMinuteOf } from '@/lib/format/wall-clock.ts';
import { serverFieldErrorsOf } from '@/lib/forms/server-field-errors.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useRecordEvent, useRetractEvent, useTimeline } from '../api/events.ts';

// A shipment's milestones (decision 048): each step's planned, estimated and actual times in the
// place's clock, recorded in two clicks ("Record actual", then Save on a form filled with now and
// the step's place), and every event with the retractions that took some back.

type TMoment = TShipmentTimelineStep['actual'];

type TRecording = { code: string; classifier: TMilestoneClassifier; place: string | null };
type TRecordValues = {
  code: string;
  classifier: TMilestoneClassifier;
  eventAt: string;
  location?: string;
  containerNumber?: string;
  note?: string;
};

/** The zones the timeline knows, by place code: the steps' places and the events'. */
const zonesOf = (timeline: TShipmentTimeline) => {
  const zones = new Map<string, string | null>();
  for (const step of timeline.steps) if (step.place) zones.set(step.place.code, step.place.timezone);
  for (const event of timeline.events)
    if (event.location) zones.set(event.location.code, event.location.timezone);
  return zones;
};

const RecordEventModal = ({
  shipment,
  timeline,
  recording,
  onClose,
}: {
  shipment: TShipment;
  timeline: TShipmentTimeline;
  recording: TRecording;
  onClose: () => void;
}) => {
  const [form] = Form.useForm<TRecordValues>();
  const record = useRecordEvent();
  const [failure, setFailure] = useState<string>();
  const zones = zonesOf(timeline);
  const codes = milestoneCodesOfMode(shipment.mode === 'air' ? 'air' : 'sea');
  const code = Form.useWatch('code', form) ?? recording.code;
  const location = (Form.useWatch('location', form) ?? recording.place ?? '').toUpperCase();
  const zone = zones.get(location) ?? null;
  const label = codes.find((entry) => entry.code === recording.code)?.label ?? recording.code;

  const onSubmit = async (values: TRecordValues) => {
    setFailure(undefined);
    const eventAt = instantOfLocalMinute(values.eventAt, zones.get((values.location ?? '').toUpperCase()));
    if (!eventAt) {
      form.setFields([{ name: 'eventAt', errors: ['Enter the date and time'] }]);
      return;
    }
    try {
      await record.mutateAsync({
        id: shipment._id,
        input: {
          code: values.code,
          classifier: values.classifier,
          eventAt,
          location: values.location?.trim() || null,
          containerNumber: isEquipmentCode(values.code) ? (values.containerNumber ?? null) : null,
          note: values.note?.trim() || null,
        },
      });
      notifySuccess(`${codes.find((entry) => entry.code === values.code)?.label ?? values.code} recorded`);
      onClose();
    } catch (error) {
      const refusals = serverFieldErrorsOf(error);
      const fields = new Set(['code', 'classifier', 'eventAt', 'location', 'containerNumber', 'note']);
      const placed = refusals
        .filter((refusal) => fields.has(refusal.field))
        .map((refusal) => ({
          name: refusal.field as keyof TRecordValues,
          errors: [refusal.message.charAt(0).toUpperCase() + refusal.message.slice(1)],
        }));
      form.setFields(placed);
      if (placed.length === 0) setFailure(toErrorMessage(error));
    }
  };

  return (
    <Modal
      title={`Record ${label.toLowerCase()}`}
      open
      okText="Save"
      okButtonProps={{ htmlType: 'submit', form: 'record-event-form' }}
      confirmLoading={record.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form<TRecordValues>
        form={form}
        name="record-event-form"
        layout="vertical"
        initialValues={{
          code: recording.code,
          classifier: recording.classifier,
          eventAt: localMinuteOf(new Date(), zones.get(recording.place ?? '')),
          location: recording.place ?? undefined,
          containerNumber: timeline.containerNumbers.length === 1 ? timeline.containerNumbers[0] : undefined,
        }}
        onFinish={(values) => void onSubmit(values)}
      >
        <Form.Item name="code" label="Event" rules={[{ required: true, message: 'Choose the event' }]}>
          <Select
            showSearch
            optionFilterProp="label"
            options={codes.map((entry) => ({ value: entry.code, label: `${entry.label} (${entry.code})` }))}
          />
        </Form.Item>
        <Form.Item name="classifier" label="Which time">
          <Radio.Group
            optionType="button"
            options={(['ACT', 'EST', 'PLN'] as const).map((value) => ({
              value,
              label: milestoneClassifierLabels[value],
            }))}
          />
        </Form.Item>
        <Form.Item
          name="eventAt"
          label={zone && location ? `Time (local time at ${location})` : 'Time'}
          rules={[{ required: true, message: 'Enter the date and time' }]}
        >
          <Input type="datetime-local" />
        </Form.Item>
        <Form.Item
          name="location"
          label={shipment.mode === 'air' ? 'Airport (IATA code)' : 'Port (UN/LOCODE)'}
          normalize={(value: string) => value.toUpperCase()}
        >
          <Input autoComplete="off" maxLength={5} />
        </Form.Item>
        {isEquipmentCode(code) && (
          <Form.Item
            name="containerNumber"
            label="Container"
            rules={[{ required: true, message: 'Choose the container this event is about' }]}
          >
            <Select
              options={timeline.containerNumbers.map((number) => ({ value: number, label: number }))}
              notFoundContent="This shipment has no containers yet: add them on the Cargo tab"
            />
          </Form.Item>
        )}
        <Form.Item name="note" label="Note (optional)">
          <Input.TextArea rows={2} maxLength={shipmentEventRules.noteMax} />
        </Form.Item>
      </Form>
    </Modal>
  );
};

/** Asks why before an event is taken back: the event stays, a retraction pointing at it is added. */
const RetractEventModal = ({
  shipmentId,
  event,
  onClose,
}: {
  shipmentId: string;
  event: TShipmentEvent;
  onClose: () => void;
}) => {
  const [form] = Form.useForm<{ reason: string }>();
  const retract = useRetractEvent();
  const [failure, setFailure] = useState<string>();
  const what = `${event.label} (${milestoneClassifierLabels[event.classifier].toLowerCase()})`;
  const onSubmit = async ({ reason }: { reason: string }) => {
    setFailure(undefined);
    try {
      await retract.mutateAsync({ id: shipmentId, eventId: event._id, reason });
      notifySuccess(`${what} retracted`);
      onClose();
    } catch (error) {
      setFailure(toErrorMessage(error));
    }
  };
  return (
    <Modal
      title={`Retract ${what}?`}
      open
      okText="Retract"
      okButtonProps={{ danger: true, htmlType: 'submit', form: 'retract-event-form' }}
      confirmLoading={retract.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        The event stays in the list, marked as retracted, and no longer counts for the timeline or the status.
      </Typography.Paragraph>
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form
        form={form}
        name="retract-event-form"
        layout="vertical"
        onFinish={(values) => void onSubmit(values)}
      >
        <Form.Item
          name="reason"
          label="Why"
          rules={[{ required: true, whitespace: true, message: 'Say why' }]}
        >
          <Input.TextArea rows={2} maxLength={shipmentEventRules.noteMax} />
        </Form.Item>
      </Form>
    </Modal>
  );
};

/**
 * A table wider than a phone scrolls inside this box, which the keyboard can reach and scroll
 * too, whether or not the table holds a button (a Viewer's does not).
 */
const SidewaysScroll = ({ label, children }: { label: string; children: ReactNode }) => (
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard.
  <section aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
    {children}
  </section>
);

const MomentCell = ({
  moment,
  what,
  onRetract,
}: {
  moment: TMoment;
  what: string;
  onRetract?: (eventId: string) => void;
}) => {
  const { formatDateTimeIn } = useFormat();
  if (!moment) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space size={4} wrap>
      <time dateTime={moment.eventAt}>{formatDateTimeIn(moment.eventAt, moment.timezone)}</time>
      {moment.eventId && onRetract && (
        <Button
          type="link"
          size="small"
          aria-label={`Retract ${what}`}
          onClick={() => onRetract(moment.eventId ?? '')}
        >
          Retract
        </Button>
      )}
    </Space>
  );
};

const StepsTable = ({
  timeline,
  onRecord,
  onRetract,
}: {
  timeline: TShipmentTimeline;
  onRecord?: (recording: TRecording) => void;
  onRetract?: (eventId: string) => void;
}) => {
  const moment = (key: 'planned' | 'estimated' | 'actual', title: string) => ({
    key,
    title,
    render: (_: unknown, step: TShipmentTimelineStep) => (
      <MomentCell
        moment={step[key]}
        what={`${title.toLowerCase()} ${step.label.toLowerCase()}`}
        onRetract={onRetract}
      />
    ),
  });
  const columns: TableProps<TShipmentTimelineStep>['columns'] = [
    {
      key: 'step',
      title: 'Step',
      render: (_, step) => (
        <span>
          {step.label} <Typography.Text type="secondary">{step.code}</Typography.Text>
        </span>
      ),
    },
    {
      key: 'place',
      title: 'Place',
      render: (_, step) => (step.place ? `${step.place.code} – ${step.place.name}` : '—'),
    },
    moment('planned', 'Planned'),
    moment('estimated', 'Estimated'),
    moment('actual', 'Actual'),
    ...(onRecord
      ? [
          {
            key: 'record',
            title: 'Record',
            render: (_: unknown, step: TShipmentTimelineStep) => (
              <Space size={4} wrap>
                <Button
                  size="small"
                  aria-label={`Record actual ${step.label.toLowerCase()}`}
                  onClick={() =>
                    onRecord({ code: step.code, classifier: 'ACT', place: step.place?.code ?? null })
                  }
                >
                  Record actual
                </Button>
                <Button
                  size="small"
                  type="link"
                  aria-label={`Estimate ${step.label.toLowerCase()}`}
                  onClick={() =>
                    onRecord({ code: step.code, classifier: 'EST', place: step.place?.code ?? null })
                  }
                >
                  Estimate
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <SidewaysScroll label="Steps table">
      <Table<TShipmentTimelineStep>
        size="small"
        rowKey="code"
        columns={columns}
        dataSource={timeline.steps}
        pagination={false}
      />
    </SidewaysScroll>
  );
};

const EventsTable = ({ timeline }: { timeline: TShipmentTimeline }) => {
  const { formatDateTimeIn } = useFormat();
  const labelOf = (id: string | null) =>
    timeline.events.find((event) => event._id === id)?.label ?? 'an event';
  const columns: TableProps<TShipmentEvent>['columns'] = [
    {
      key: 'eventAt',
      title: 'Time',
      render: (_, event) => (
        <time dateTime={event.eventAt}>{formatDateTimeIn(event.eventAt, event.location?.timezone)}</time>
      ),
    },
    {
      key: 'event',
      title: 'Event',
      render: (_, event) => (
        <span>
          {event.label} <Typography.Text type="secondary">{event.code}</Typography.Text>
        </span>
      ),
    },
    {
      key: 'classifier',
      title: 'Time is',
      render: (_, event) => milestoneClassifierLabels[event.classifier],
    },
    { key: 'place', title: 'Place', render: (_, event) => event.location?.code ?? '—' },
    { key: 'container', title: 'Container', render: (_, event) => event.containerNumber ?? '—' },
    {
      key: 'recorded',
      title: 'Recorded by',
      render: (_, event) => (
        <span>
          {event.recordedBy.email ?? 'The system'}
          {event.source === 'api' && <Typography.Text type="secondary"> (API)</Typography.Text>}
        </span>
      ),
    },
    {
      key: 'standing',
      title: 'Status',
      render: (_, event) =>
        event.retractsEventId ? (
          <span>
            <Tag>Retraction</Tag> of {labelOf(event.retractsEventId).toLowerCase()}
            {event.note && <Typography.Text type="secondary">: {event.note}</Typography.Text>}
          </span>
        ) : event.retractedByEventId ? (
          <Tag color="default">Retracted</Tag>
        ) : (
          <Tag color="blue">Stands</Tag>
        ),
    },
  ];
  return (
    <SidewaysScroll label="Events table">
      <Table<TShipmentEvent>
        size="small"
        rowKey="_id"
        columns={columns}
        dataSource={timeline.events}
        pagination={timeline.events.length > 20 ? { pageSize: 20 } : false}
        locale={{ emptyText: <Typography.Text>No events recorded yet.</Typography.Text> }}
      />
    </SidewaysScroll>
  );
};

/** The Milestones tab: the steps, the events, and recording and retracting for writers. */
export const MilestonesTab = ({ shipment }: { shipment: TShipment }) => {
  const canWrite = useCan('shipments:write');
  const timeline = useTimeline(shipment._id);
  const [recording, setRecording] = useState<TRecording>();
  const [retracting, setRetracting] = useState<TShipmentEvent>();
  if (timeline.isPending) return <Skeleton active />;
  if (timeline.isError) return <QueryErrorAlert query={timeline} />;
  const data = timeline.data;
  const onRetract = (eventId: string) => setRetracting(data.events.find((event) => event._id === eventId));
  return (
    <>
      <section aria-label="Steps">
        <StepsTable
          timeline={data}
          onRecord={canWrite ? setRecording : undefined}
          onRetract={canWrite ? onRetract : undefined}
        />
      </section>
      <section aria-label="Events" style={{ marginTop: 24 }}>
        <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
          <Typography.Title level={2} style={{ fontSize: 16, margin: 0 }}>
            Events
          </Typography.Title>
          {canWrite && (
            <Button
              onClick={() =>
                setRecording({ code: data.steps[0]?.code ?? '', classifier: 'ACT', place: null })
              }
            >
              Record an event
            </Button>
          )}
        </Space>
        <div style={{ marginTop: 12 }}>
          <EventsTable timeline={data} />
        </div>
      </section>
      {recording && (
        <RecordEventModal
          shipment={shipment}
          timeline={data}
          recording={recording}
          onClose={() => setRecording(undefined)}
        />
      )}
      {retracting && (
        <RetractEventModal
          shipmentId={shipment._id}
          event={retracting}
          onClose={() => setRetracting(undefined)}
        />
      )}
    </>
  );
};
