import {
  isCalendarDate,
  reportAggregateFunctions,
  reportAggregateLabels,
  reportChartLabels,
  reportChartTypes,
  reportOperatorLabels,
  reportOperatorsByType,
  reportRules,
  reportScheduleFrequencies,
  reportScheduleLabels,
  type TReportAggregateFunction,
  type TReportChartType,
  type TReportColumnInfo,
  type TReportDefinitionInput,
  type TReportFilter,
  type TReportOperator,
  type TReportResult,
  type TReportScheduleFrequency,
  type TReportSketch,
  type TReportSourceInfo,
} from '@cargodesk/shared';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Flex,
  Input,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ClippedText } from '@/components/clipped-text.tsx';
import { ConfirmDeleteButton } from '@/components/confirm-delete-button.tsx';
import { QueryErrorAlert } from '@/components/query-error-alert.tsx';
import { RequirePermission } from '@/components/require-permission.tsx';
import { paths } from '@/config/paths.ts';
import { toErrorMessage } from '@/lib/api-client.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { DayPicker } from '@/lib/format/day-picker.tsx';
import { useFormat } from '@/lib/format/format-store.ts';
import { formatEnumValue } from '@/lib/format/words.ts';
import { useDebounced } from '@/lib/list/use-debounced.ts';
import { notifySuccess } from '@/lib/notify.ts';
import {
  downloadReportCsv,
  useColleagues,
  useCreateReport,
  useDeleteReport,
  useDuplicateReport,
  usePinReport,
  useReport,
  useReportResult,
  useReportSources,
  useScheduleReport,
  useUpdateReport,
} from '../api/reports.ts';
import { reportCellText } from '../components/report-cell.ts';
import { ReportChart } from '../components/report-chart.tsx';
import './report-builder.css';

type TDraft = {
  name: string;
  isShared: boolean;
  definition: Required<Omit<TReportDefinitionInput, 'sort'>> & { sort: TReportDefinitionInput['sort'] };
};

/**
 * A new definition of a source: every column ticked, so the result shows what the boxes say and a
 * person unticks what they do not need.
 */
const emptyDefinition = (source: TReportSourceInfo | undefined): TDraft['definition'] => ({
  source: source?.key ?? '',
  columns: source?.columns.map((column) => column.key) ?? [],
  filters: [],
  groupBy: [],
  aggregates: [],
  sort: null,
  chart: 'table',
});

const isGroupedDefinition = (definition: Pick<TDraft['definition'], 'groupBy' | 'aggregates'>) =>
  definition.groupBy.length > 0 || definition.aggregates.length > 0;

/**
 * A saved sketch as the builder edits it. A list of one row each saved with no column ticked has
 * always run with all of them (and still does on a dashboard or in a CSV): its boxes show them ticked.
 */
const draftOf = (sketch: TReportSketch, sources: TReportSourceInfo[]): TDraft => {
  const fresh = emptyDefinition(sources.find((source) => source.key === sketch.definition.source));
  const definition = { ...fresh, ...sketch.definition };
  return {
    name: sketch.name,
    isShared: sketch.isShared,
    definition: {
      ...definition,
      columns:
        definition.columns.length === 0 && !isGroupedDefinition(definition)
          ? fresh.columns
          : definition.columns,
    },
  };
};

/** A list of one row each with no column ticked: nothing to show, and nothing worth saving. */
const hasNoColumns = (definition: TDraft['definition']) =>
  !isGroupedDefinition(definition) && definition.columns.length === 0;

const aggregateKeyOf = (aggregate: { function: TReportAggregateFunction; column?: string | undefined }) =>
  aggregate.function === 'count' ? 'count' : `${aggregate.function}_${aggregate.column}`;

/** The result's columns the sort may name, as the server builds them. */
const sortOptionsOf = (definition: TDraft['definition'], source: TReportSourceInfo | undefined) => {
  const labelOf = (key: string) => source?.columns.find((column) => column.key === key)?.label ?? key;
  if (!isGroupedDefinition(definition))
    return definition.columns.map((key) => ({ value: key, label: labelOf(key) }));
  const aggregates =
    definition.aggregates.length > 0 ? definition.aggregates : [{ function: 'count' as const }];
  return [
    ...definition.groupBy.map((key) => ({ value: key, label: labelOf(key) })),
    ...aggregates.map((aggregate) => ({
      value: aggregateKeyOf(aggregate),
      label:
        aggregate.function === 'count'
          ? 'Count'
          : `${reportAggregateLabels[aggregate.function]} of ${labelOf(aggregate.column ?? '').toLowerCase()}`,
    })),
  ];
};

/** A cell on one line: long text cut with an ellipsis (whole on hover and focus), the rest never wrapped. */
const ResultCell = ({ type, text }: { type: TReportResult['columns'][number]['type']; text: string }) =>
  type === 'text' ? <ClippedText text={text} maxWidth="14rem" /> : <span className="one-line">{text}</span>;

const ResultTable = ({ result, caption }: { result: TReportResult; caption: string }) => {
  const format = useFormat();
  return (
    <Table
      className="report-builder__table"
      size="small"
      rowKey={(_, index) => String(index)}
      pagination={result.rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      dataSource={result.rows}
      columns={result.columns.map((column, index) => ({
        key: column.key,
        title: column.label,
        align: column.type === 'number' ? 'right' : 'left',
        render: (_: unknown, row: TReportResult['rows'][number]) => (
          <ResultCell
            type={column.type}
            text={reportCellText(format, column.type, row[index] ?? null, column.valueLabels)}
          />
        ),
      }))}
      title={() => <span className="report-builder__caption">{caption}</span>}
    />
  );
};

/** A date filter's value the day picker can show: none yet, or a day (one saved as a moment stays text). */
const isDayOrEmpty = (value: TReportFilter['value']) =>
  value === null || value === undefined || value === '' || isCalendarDate(String(value));

const FilterRow = ({
  filter,
  columns,
  isDisabled,
  onChange,
  onRemove,
  index,
}: {
  filter: TReportFilter;
  columns: TReportColumnInfo[];
  isDisabled: boolean;
  onChange: (filter: TReportFilter) => void;
  onRemove: () => void;
  index: number;
}) => {
  const column = columns.find((candidate) => candidate.key === filter.column);
  const operators = column ? reportOperatorsByType[column.type] : [];
  const needsValue = filter.operator !== 'isEmpty' && filter.operator !== 'isNotEmpty';
  return (
    <Space wrap>
      <Select
        aria-label={`Filter ${index + 1} column`}
        style={{ width: 160 }}
        disabled={isDisabled}
        value={filter.column}
        onChange={(key: string) => {
          const next = columns.find((candidate) => candidate.key === key);
          onChange({
            column: key,
            operator: next ? (reportOperatorsByType[next.type][0] ?? 'eq') : 'eq',
            value: null,
          });
        }}
        options={columns.map((candidate) => ({ value: candidate.key, label: candidate.label }))}
      />
      <Select
        aria-label={`Filter ${index + 1} operator`}
        style={{ width: 150 }}
        disabled={isDisabled}
        value={filter.operator}
        onChange={(operator: TReportOperator) => onChange({ ...filter, operator })}
        options={operators.map((operator) => ({ value: operator, label: reportOperatorLabels[operator] }))}
      />
      {needsValue &&
        (column?.type === 'enum' ? (
          <Select
            aria-label={`Filter ${index + 1} value`}
            style={{ width: 150 }}
            disabled={isDisabled}
            value={filter.value === null ? undefined : String(filter.value)}
            onChange={(value: string) => onChange({ ...filter, value })}
            options={(column.values ?? []).map((value) => ({
              value,
              label: column.valueLabels?.[value] ?? formatEnumValue(value),
            }))}
          />
        ) : column?.type === 'date' && isDayOrEmpty(filter.value) ? (
          <DayPicker
            aria-label={`Filter ${index + 1} value`}
            style={{ width: 180 }}
            disabled={isDisabled}
            value={filter.value === null ? undefined : String(filter.value)}
            onChange={(day) => onChange({ ...filter, value: day ?? null })}
          />
        ) : (
          <Input
            aria-label={`Filter ${index + 1} value`}
            style={{ width: 180 }}
            disabled={isDisabled}
            placeholder={
              column?.type === 'date' ? 'YYYY-MM-DD' : column?.type === 'number' ? 'Number' : 'Text'
            }
            maxLength={reportRules.maxFilterValueLength}
            value={filter.value === null ? '' : String(filter.value)}
            onChange={(event) =>
              onChange({
                ...filter,
                value:
                  column?.type === 'number' &&
                  event.target.value !== '' &&
                  !Number.isNaN(Number(event.target.value))
                    ? Number(event.target.value)
                    : event.target.value,
              })
            }
          />
        ))}
      <Button disabled={isDisabled} onClick={onRemove} aria-label={`Remove filter ${index + 1}`}>
        Remove
      </Button>
    </Space>
  );
};

const ScheduleCard = ({ sketch }: { sketch: TReportSketch }) => {
  const { formatDateTime } = useFormat();
  const canReadUsers = useCan('users:read');
  const colleagues = useColleagues({ enabled: canReadUsers });
  const schedule = useScheduleReport(sketch._id);
  const [frequency, setFrequency] = useState<TReportScheduleFrequency | undefined>(
    sketch.schedule?.frequency,
  );
  const [recipientIds, setRecipientIds] = useState<string[]>(sketch.schedule?.recipientIds ?? []);
  if (!canReadUsers) return null;
  return (
    <Card size="small" title={<h2 className="report-builder__section">Mail it</h2>}>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Select
          allowClear
          aria-label="Delivery"
          placeholder="Not mailed"
          style={{ width: 220 }}
          value={frequency}
          onChange={(value?: TReportScheduleFrequency) => setFrequency(value)}
          options={reportScheduleFrequencies.map((value) => ({ value, label: reportScheduleLabels[value] }))}
        />
        {frequency && (
          <Select
            mode="multiple"
            aria-label="Recipients"
            placeholder="Colleagues who get the CSV"
            style={{ width: '100%' }}
            value={recipientIds}
            onChange={setRecipientIds}
            optionFilterProp="label"
            options={(colleagues.data?.data ?? [])
              .filter((user) => user.status !== 'suspended')
              .map((user) => ({ value: user._id, label: `${user.name} <${user.email}>` }))}
          />
        )}
        {sketch.schedule && (
          <Typography.Text type="secondary">
            Next on {formatDateTime(sketch.schedule.nextRunAt)}
          </Typography.Text>
        )}
        <Button
          loading={schedule.isPending}
          disabled={Boolean(frequency) && recipientIds.length === 0}
          onClick={async () => {
            await schedule.mutateAsync(frequency ? { frequency, recipientIds } : null);
            notifySuccess(frequency ? 'Delivery scheduled' : 'Delivery stopped');
          }}
        >
          Save delivery
        </Button>
      </Space>
    </Card>
  );
};

const columnsPrompt = 'Tick at least one column under Columns to see its rows.';

const Builder = ({
  sketch,
  sources,
}: {
  sketch: TReportSketch | undefined;
  sources: TReportSourceInfo[];
}) => {
  const navigate = useNavigate();
  const canWrite = useCan('reports:write');
  const isMine = sketch ? sketch.isMine : true;
  const isEditable = canWrite && isMine;
  const [draft, setDraft] = useState<TDraft>(() =>
    sketch
      ? draftOf(sketch, sources)
      : { name: '', isShared: false, definition: emptyDefinition(sources[0]) },
  );
  useEffect(() => {
    if (sketch) setDraft(draftOf(sketch, sources));
  }, [sketch, sources]);
  const { definition } = draft;
  const source = sources.find((candidate) => candidate.key === definition.source);
  const columns = source?.columns ?? [];
  // A filter still waiting for its value is left out of the live run rather than refused.
  const liveDefinition = useDebounced(
    useMemo(
      () => ({
        ...definition,
        filters: definition.filters.filter(
          (filter) =>
            filter.operator === 'isEmpty' ||
            filter.operator === 'isNotEmpty' ||
            (filter.value !== null && filter.value !== undefined && filter.value !== ''),
        ),
      }),
      [definition],
    ),
    300,
  );
  const isWaitingForColumns = hasNoColumns(definition);
  const result = useReportResult(
    liveDefinition.source && !hasNoColumns(liveDefinition) ? liveDefinition : undefined,
  );
  const create = useCreateReport();
  const update = useUpdateReport(sketch?._id ?? '');
  const pin = usePinReport(sketch?._id ?? '');
  const duplicate = useDuplicateReport();
  const remove = useDeleteReport();
  const [nameError, setNameError] = useState<string>();
  const [columnsError, setColumnsError] = useState<string>();

  const change = (patch: Partial<TDraft['definition']>) => {
    setColumnsError(undefined);
    setDraft((current) => ({ ...current, definition: { ...current.definition, ...patch } }));
  };
  const isGrouped = definition.groupBy.length > 0;
  const sortOptions = sortOptionsOf(definition, source);

  const onSave = async () => {
    const isNameMissing = !draft.name.trim();
    setNameError(isNameMissing ? 'Please give the report a name.' : undefined);
    setColumnsError(hasNoColumns(definition) ? columnsPrompt : undefined);
    if (isNameMissing || hasNoColumns(definition)) return;
    if (sketch) {
      await update.mutateAsync({ name: draft.name, isShared: draft.isShared, definition });
      notifySuccess('Report saved');
      return;
    }
    const saved = await create.mutateAsync({ name: draft.name, isShared: draft.isShared, definition });
    notifySuccess('Report saved');
    navigate(paths.reportDetail.href({ id: saved._id }), { replace: true });
  };

  const title = sketch ? sketch.name : 'New report';
  return (
    <div className="report-builder">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={1} className="report-builder__title">
          {title}
        </Typography.Title>
        <Space wrap>
          {sketch && (
            <Button onClick={() => void downloadReportCsv(sketch)} aria-label="Export CSV">
              Export CSV
            </Button>
          )}
          {sketch && canWrite && (
            <Button
              loading={duplicate.isPending}
              onClick={async () => {
                const copy = await duplicate.mutateAsync(sketch._id);
                navigate(paths.reportDetail.href({ id: copy._id }));
              }}
            >
              Duplicate
            </Button>
          )}
          {sketch && isEditable && (
            <ConfirmDeleteButton
              label="Delete report"
              question={`Delete the report “${sketch.name}”?`}
              isPending={remove.isPending}
              onConfirm={async () => {
                await remove.mutateAsync(sketch._id);
                notifySuccess('Report deleted');
                navigate(paths.reports.href());
              }}
            />
          )}
          {isEditable && (
            <Button
              type="primary"
              loading={create.isPending || update.isPending}
              onClick={() => void onSave()}
            >
              Save
            </Button>
          )}
        </Space>
      </Flex>
      {sketch && !isMine && (
        <Alert
          type="info"
          showIcon
          title={`Shared by ${sketch.ownerName ?? 'a colleague'}. Duplicate it to change your own copy.`}
        />
      )}
      <div className="report-builder__layout">
        <form
          className="report-builder__controls"
          aria-label="Report definition"
          onSubmit={(event) => event.preventDefault()}
        >
          <Card size="small" title={<h2 className="report-builder__section">Definition</h2>}>
            <Space orientation="vertical" style={{ width: '100%' }} size="middle">
              <div className="report-builder__field">
                <label htmlFor="report-name">Name</label>
                <Input
                  id="report-name"
                  disabled={!isEditable}
                  value={draft.name}
                  maxLength={reportRules.maxNameLength}
                  status={nameError ? 'error' : undefined}
                  aria-describedby={nameError ? 'report-name-error' : undefined}
                  onChange={(event) => setDraft({ ...draft, name: event.target.value })}
                />
                {nameError && (
                  <span id="report-name-error" role="alert" className="report-builder__error">
                    {nameError}
                  </span>
                )}
              </div>
              <div className="report-builder__field">
                <span id="report-source-label">Source</span>
                <Select
                  aria-labelledby="report-source-label"
                  disabled={!isEditable}
                  value={definition.source || undefined}
                  onChange={(key: string) =>
                    setDraft({
                      ...draft,
                      definition: emptyDefinition(sources.find((candidate) => candidate.key === key)),
                    })
                  }
                  options={sources.map((candidate) => ({ value: candidate.key, label: candidate.label }))}
                />
              </div>
              <div className="report-builder__field">
                <span id="report-group-label">Group by</span>
                <Select
                  mode="multiple"
                  allowClear
                  aria-labelledby="report-group-label"
                  placeholder="No grouping: one row each"
                  disabled={!isEditable}
                  maxCount={reportRules.maxGroupBy}
                  value={definition.groupBy}
                  onChange={(groupBy: string[]) =>
                    change({
                      groupBy,
                      aggregates:
                        groupBy.length > 0 && definition.aggregates.length === 0
                          ? [{ function: 'count' }]
                          : groupBy.length > 0
                            ? definition.aggregates
                            : [],
                      // Back to one row each: the columns it had, or all of them if it had none.
                      columns:
                        groupBy.length === 0 && definition.columns.length === 0
                          ? columns.map((column) => column.key)
                          : definition.columns,
                      sort: null,
                    })
                  }
                  options={columns
                    .filter((column) => column.isGroupable)
                    .map((column) => ({ value: column.key, label: column.label }))}
                />
              </div>
              {isGrouped ? (
                <fieldset className="report-builder__fieldset">
                  <legend>Aggregates</legend>
                  {definition.aggregates.map((aggregate, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place by position
                    <Space key={index} wrap>
                      <Select
                        aria-label={`Aggregate ${index + 1}`}
                        style={{ width: 130 }}
                        disabled={!isEditable}
                        value={aggregate.function}
                        onChange={(fn: TReportAggregateFunction) => {
                          const aggregates = [...definition.aggregates];
                          const numberColumn = columns.find((column) => column.type === 'number');
                          aggregates[index] =
                            fn === 'count'
                              ? { function: fn }
                              : { function: fn, column: aggregate.column ?? numberColumn?.key };
                          change({ aggregates, sort: null });
                        }}
                        options={reportAggregateFunctions.map((fn) => ({
                          value: fn,
                          label: reportAggregateLabels[fn],
                        }))}
                      />
                      {aggregate.function !== 'count' && (
                        <Select
                          aria-label={`Aggregate ${index + 1} column`}
                          style={{ width: 160 }}
                          disabled={!isEditable}
                          value={aggregate.column}
                          onChange={(column: string) => {
                            const aggregates = [...definition.aggregates];
                            aggregates[index] = { ...aggregate, column };
                            change({ aggregates, sort: null });
                          }}
                          options={columns
                            .filter((column) =>
                              aggregate.function === 'sum' || aggregate.function === 'avg'
                                ? column.type === 'number'
                                : column.type === 'number' || column.type === 'date',
                            )
                            .map((column) => ({ value: column.key, label: column.label }))}
                        />
                      )}
                      <Button
                        disabled={!isEditable || definition.aggregates.length === 1}
                        onClick={() =>
                          change({
                            aggregates: definition.aggregates.filter((_, at) => at !== index),
                            sort: null,
                          })
                        }
                      >
                        Remove
                      </Button>
                    </Space>
                  ))}
                  <Button
                    disabled={!isEditable || definition.aggregates.length >= reportRules.maxAggregates}
                    onClick={() => change({ aggregates: [...definition.aggregates, { function: 'count' }] })}
                  >
                    Add aggregate
                  </Button>
                </fieldset>
              ) : (
                <fieldset
                  className="report-builder__fieldset"
                  aria-describedby={columnsError ? 'report-columns-error' : undefined}
                >
                  <legend>Columns</legend>
                  <Checkbox.Group
                    disabled={!isEditable}
                    value={definition.columns}
                    onChange={(keys) => change({ columns: keys as string[], sort: null })}
                    options={columns.map((column) => ({ value: column.key, label: column.label }))}
                  />
                  {columnsError && (
                    <span id="report-columns-error" role="alert" className="report-builder__error">
                      {columnsError}
                    </span>
                  )}
                </fieldset>
              )}
              <fieldset className="report-builder__fieldset">
                <legend>Filters</legend>
                {definition.filters.map((filter, index) => (
                  <FilterRow
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place by position
                    key={index}
                    index={index}
                    filter={{ ...filter, value: filter.value ?? null }}
                    columns={columns}
                    isDisabled={!isEditable}
                    onChange={(next) => {
                      const filters = [...definition.filters];
                      filters[index] = next;
                      change({ filters });
                    }}
                    onRemove={() => change({ filters: definition.filters.filter((_, at) => at !== index) })}
                  />
                ))}
                <Button
                  disabled={
                    !isEditable || columns.length === 0 || definition.filters.length >= reportRules.maxFilters
                  }
                  onClick={() => {
                    const first = columns[0];
                    if (!first) return;
                    change({
                      filters: [
                        ...definition.filters,
                        {
                          column: first.key,
                          operator: reportOperatorsByType[first.type][0] ?? 'eq',
                          value: null,
                        },
                      ],
                    });
                  }}
                >
                  Add filter
                </Button>
              </fieldset>
              <div className="report-builder__field">
                <span id="report-sort-label">Sort by</span>
                <Space wrap>
                  <Select
                    allowClear
                    aria-labelledby="report-sort-label"
                    placeholder="As found"
                    style={{ width: 200 }}
                    disabled={!isEditable}
                    value={definition.sort?.column}
                    onChange={(column?: string) =>
                      change({
                        sort: column ? { column, direction: definition.sort?.direction ?? 'asc' } : null,
                      })
                    }
                    options={sortOptions}
                  />
                  <Select
                    aria-label="Sort direction"
                    style={{ width: 140 }}
                    disabled={!isEditable || !definition.sort}
                    value={definition.sort?.direction ?? 'asc'}
                    onChange={(direction: 'asc' | 'desc') =>
                      definition.sort && change({ sort: { column: definition.sort.column, direction } })
                    }
                    options={[
                      { value: 'asc', label: 'Ascending' },
                      { value: 'desc', label: 'Descending' },
                    ]}
                  />
                </Space>
              </div>
              <fieldset className="report-builder__fieldset">
                <legend>Chart</legend>
                <Radio.Group
                  disabled={!isEditable}
                  value={definition.chart}
                  onChange={(event) => change({ chart: event.target.value as TReportChartType })}
                  options={reportChartTypes.map((type) => ({ value: type, label: reportChartLabels[type] }))}
                />
              </fieldset>
              <Flex gap={8} align="center">
                <Switch
                  disabled={!isEditable}
                  checked={draft.isShared}
                  onChange={(isShared) => setDraft({ ...draft, isShared })}
                  aria-label="Share with the company"
                />
                <span aria-hidden="true">Share with the company</span>
              </Flex>
            </Space>
          </Card>
          {sketch && (
            <Card size="small" title={<h2 className="report-builder__section">Dashboard</h2>}>
              <Switch
                checked={sketch.isPinned}
                loading={pin.isPending}
                onChange={async (isPinned) => {
                  await pin.mutateAsync(isPinned);
                  notifySuccess(isPinned ? 'Pinned to your dashboard' : 'Unpinned');
                }}
                aria-label="Pin to dashboard"
              />{' '}
              <span aria-hidden="true">Pin to dashboard</span>
            </Card>
          )}
          {sketch && isEditable && <ScheduleCard sketch={sketch} />}
        </form>
        <section className="report-builder__result" aria-label="Result" aria-busy={result.isFetching}>
          {isWaitingForColumns ? (
            <Alert type="info" showIcon title="No columns ticked" description={columnsPrompt} />
          ) : result.isError ? (
            <Alert type="error" showIcon title={toErrorMessage(result.error)} />
          ) : result.data ? (
            <>
              {definition.chart !== 'table' && (
                <ReportChart result={result.data} type={definition.chart} title={draft.name || title} />
              )}
              <ResultTable
                result={result.data}
                caption={`${result.data.rows.length}${result.data.isTruncated ? '+' : ''} ${result.data.rows.length === 1 ? 'row' : 'rows'}`}
              />
            </>
          ) : (
            <Typography.Text type="secondary">Running the report…</Typography.Text>
          )}
        </section>
      </div>
    </div>
  );
};

const BuilderLoader = () => {
  const { id = '' } = useParams();
  const isNew = id === 'new';
  const sources = useReportSources();
  const sketch = useReport(isNew ? '' : id);
  if (!sources.data) return <QueryErrorAlert query={sources} />;
  if (isNew) {
    if (sources.data.length === 0)
      return <Alert type="info" showIcon title="Your roles let you report on no source yet." />;
    return <Builder key="new" sketch={undefined} sources={sources.data} />;
  }
  if (!sketch.data) return <QueryErrorAlert query={sketch} />;
  return <Builder key={id} sketch={sketch.data} sources={sources.data} />;
};

/** /reports/:id (or /reports/new): the builder, with the live result as the definition changes. */
export const ReportBuilderRoute = () => (
  <RequirePermission permission="reports:read" title="Report" what="reports">
    <BuilderLoader />
  </RequirePermission>
);
