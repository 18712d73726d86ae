import {
  reportChartLabels,
  reportSketchSortFields,
  reportSourceKeys,
  reportSourceLabels,
  type TReportSketchSortField,
  type TReportSketchSummary,
  type TReportSourceKey,
} from '@cargodesk/shared';
import { Button, Space, type TableProps, Tag } from 'antd';
import { Link, useNavigate } from 'react-router';
import { ConfirmDeleteButton } from '@/components/confirm-delete-button.tsx';
import { ListFilterSelects, labelledOptions, type TListFilter } from '@/components/list-filter-select.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { paths } from '@/config/paths.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { useFormat } from '@/lib/format/format-store.ts';
import { oneOf } from '@/lib/list/list-url.ts';
import { useListState } from '@/lib/list/use-list-state.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useDeleteReport, useDuplicateReport, useReports } from '../api/reports.ts';

type TReportFilters = { source: TReportSourceKey };

const sourceOptions = labelledOptions(reportSourceKeys, reportSourceLabels);
const filters: TListFilter<TReportFilters>[] = [
  { name: 'source', by: 'source', placeholder: 'All sources', width: 170, options: sourceOptions },
];

const RowActions = ({ report }: { report: TReportSketchSummary }) => {
  const canWrite = useCan('reports:write');
  const navigate = useNavigate();
  const duplicate = useDuplicateReport();
  const remove = useDeleteReport();
  if (!canWrite) return null;
  return (
    <Space size={0}>
      <Button
        type="link"
        size="small"
        loading={duplicate.isPending}
        aria-label={`Duplicate ${report.name}`}
        onClick={async () => {
          const copy = await duplicate.mutateAsync(report._id);
          notifySuccess(`Copied as “${copy.name}”`);
          navigate(paths.reportDetail.href({ id: copy._id }));
        }}
      >
        Duplicate
      </Button>
      {report.isMine && (
        <ConfirmDeleteButton
          label={`Delete ${report.name}`}
          question={`Delete the report “${report.name}”?`}
          description={report.isShared ? 'Colleagues you shared it with lose it too.' : undefined}
          isPending={remove.isPending}
          onConfirm={async () => {
            await remove.mutateAsync(report._id);
            notifySuccess(`Report “${report.name}” deleted`);
          }}
        />
      )}
    </Space>
  );
};

/** /reports: the user's report sketches and those colleagues shared, on the list kit. */
export const ReportsRoute = () => {
  const { formatDateTime } = useFormat();
  const canWrite = useCan('reports:write');
  const list = useListState<TReportFilters, TReportSketchSortField>({
    filters: { source: oneOf(reportSourceKeys) },
    sortFields: reportSketchSortFields,
  });
  const reports = useReports(list.query);

  const columns: TableProps<TReportSketchSummary>['columns'] = [
    {
      key: 'name',
      title: 'Name',
      sorter: true,
      render: (_, report) => <Link to={paths.reportDetail.href({ id: report._id })}>{report.name}</Link>,
    },
    {
      key: 'source',
      title: 'Source',
      sorter: true,
      width: 150,
      render: (_, report) => reportSourceLabels[report.source as TReportSourceKey] ?? report.source,
    },
    {
      key: 'chart',
      title: 'Chart',
      sorter: true,
      width: 120,
      render: (_, report) => reportChartLabels[report.chart],
    },
    {
      key: 'shared',
      title: 'Shared',
      width: 110,
      render: (_, report) => (report.isShared ? <Tag color="blue">Shared</Tag> : 'Private'),
    },
    { key: 'owner', title: 'Owner', render: (_, report) => (report.isMine ? 'You' : report.ownerName) },
    {
      key: 'updatedAt',
      title: 'Last change',
      sorter: true,
      width: 170,
      responsive: ['lg'],
      render: (_, report) => formatDateTime(report.updatedAt),
    },
    { key: 'actions', title: 'Actions', width: 170, render: (_, report) => <RowActions report={report} /> },
  ];

  return (
    <ListPage<TReportSketchSummary, TReportFilters, TReportSketchSortField>
      title="Reports"
      intro={<p>Saved reports over your company’s data: yours, and those colleagues shared with you.</p>}
      actions={
        canWrite && (
          <Link className="ant-btn ant-btn-primary" to={paths.reportDetail.href({ id: 'new' })}>
            New report
          </Link>
        )
      }
      search={{ label: 'Search reports', placeholder: 'Name', regionLabel: 'Find reports', width: 240 }}
      filters={<ListFilterSelects list={list} filters={filters} />}
      list={list}
      query={reports}
      columns={columns}
      tableMinWidth={860}
      noun={{ one: 'report', other: 'reports' }}
      empty={{
        filtered: 'No reports match your search or filter.',
        unfiltered: 'No reports yet. Start one with New report.',
      }}
      notAllowed={{ what: 'reports' }}
    />
  );
};
