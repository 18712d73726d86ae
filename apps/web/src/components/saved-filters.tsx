import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import {
  savedFilterRules,
  type TPermission,
  type TSavedFilter,
  type TSavedFilterInput,
  ZSavedFilterName,
} from '@cargodesk/shared';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, Modal, Popconfirm, Select } from 'antd';
import { useState } from 'react';
import { roleScreenLabelOf } from '@/components/read-only-notice.tsx';
import { toErrorMessage } from '@/lib/api-client.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { zodRule } from '@/lib/forms/zod-rule.ts';
import { notifySuccess } from '@/lib/notify.ts';

const nameRule = zodRule(ZSavedFilterName, {
  label: 'The name',
  requiredMessage: 'Please name the filter.',
});

/** A list's saved filters as its feature's API hooks give them. */
export type TSavedFilterStore = {
  filters: UseQueryResult<TSavedFilter[]>;
  save: UseMutationResult<TSavedFilter, Error, TSavedFilterInput>;
  remove: UseMutationResult<unknown, Error, string>;
};

/** The part of the list's query a filter keeps: no page, nothing empty, every value as text. */
const keptOf = (query: Record<string, string | number | undefined>) => {
  const { page: _page, pageSize: _pageSize, ...kept } = query;
  return Object.fromEntries(
    Object.entries(kept).flatMap(([key, value]) =>
      value === undefined || value === '' ? [] : [[key, String(value)]],
    ),
  );
};

const isSameQuery = (one: Record<string, string>, other: Record<string, string>) =>
  Object.keys(one).length === Object.keys(other).length &&
  Object.entries(one).every(([key, value]) => other[key] === value);

const labelOf = (filter: TSavedFilter) =>
  filter.isMine
    ? filter.isShared
      ? `${filter.name} (shared)`
      : filter.name
    : `${filter.name} (${filter.ownerName ?? 'a colleague'})`;

/**
 * A list's saved filters (docs/decisions/045-saved-filters.md): choose one to see what it finds, save
 * what the list shows now under a name (for yourself, or shared with the company by who may change
 * the list's records), delete one.
 */
export const SavedFilters = ({
  store: { filters, save, remove },
  sharePermission,
  formName,
  query,
  isFiltered,
  onApply,
}: {
  store: TSavedFilterStore;
  /** What sharing a filter, or deleting a colleague's shared one, needs. */
  sharePermission: TPermission;
  /** The save dialog's form name, unique on the page. */
  formName: string;
  /** What the list shows now, as its address carries it. */
  query: Record<string, string | number | undefined>;
  isFiltered: boolean;
  onApply: (query: Record<string, string>) => void;
}) => {
  const canShare = useCan(sharePermission);
  const [chosenId, setChosenId] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [form] = Form.useForm<{ name: string; isShared: boolean }>();
  // A filter stays chosen while the list shows what it finds: changed, the list is no longer it,
  // and choosing it again applies it again.
  const chosen = filters.data?.find(
    (filter) => filter._id === chosenId && isSameQuery(filter.query, keptOf(query)),
  );
  const canDelete = chosen && (chosen.isMine || canShare);

  const onSave = async (values: { name: string; isShared: boolean }) => {
    setFailure(undefined);
    try {
      const saved = await save.mutateAsync({
        name: values.name,
        isShared: values.isShared,
        query: keptOf(query),
      });
      notifySuccess(`${saved.name} saved`);
      setChosenId(saved._id);
      setIsSaving(false);
      form.resetFields();
    } catch (error) {
      setFailure(toErrorMessage(error));
    }
  };

  return (
    <>
      <Select
        allowClear
        aria-label="Saved filters"
        placeholder="Saved filters"
        style={{ width: 200 }}
        value={chosen?._id}
        loading={filters.isLoading}
        onChange={(id?: string) => {
          setChosenId(id);
          const filter = filters.data?.find((candidate) => candidate._id === id);
          if (filter) onApply(filter.query);
        }}
        options={(filters.data ?? []).map((filter) => ({ value: filter._id, label: labelOf(filter) }))}
        notFoundContent="No saved filters yet"
      />
      {canDelete && (
        <Popconfirm
          title={`Delete the saved filter ${chosen.name}?`}
          description={chosen.isShared ? 'It goes for everyone in the company.' : undefined}
          okText="Delete"
          okButtonProps={{ danger: true }}
          onConfirm={() =>
            remove.mutate(chosen._id, {
              onSuccess: () => {
                notifySuccess(`${chosen.name} deleted`);
                setChosenId(undefined);
              },
            })
          }
        >
          <Button icon={<DeleteOutlined />} aria-label={`Delete the saved filter ${chosen.name}`} />
        </Popconfirm>
      )}
      <Button icon={<SaveOutlined />} disabled={!isFiltered} onClick={() => setIsSaving(true)}>
        Save filter
      </Button>
      <Modal
        title="Save this filter"
        open={isSaving}
        okText="Save"
        okButtonProps={{ htmlType: 'submit', form: formName }}
        confirmLoading={save.isPending}
        onCancel={() => setIsSaving(false)}
        destroyOnHidden
      >
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
        <Form
          form={form}
          name={formName}
          layout="vertical"
          initialValues={{ isShared: false }}
          onFinish={(values) => void onSave(values)}
          noValidate
        >
          <Form.Item name="name" label="Name" rules={[nameRule]}>
            <Input maxLength={savedFilterRules.nameMaxLength} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="isShared"
            valuePropName="checked"
            extra={
              canShare
                ? undefined
                : `Sharing a filter is for people whose role allows “${roleScreenLabelOf(sharePermission)}”.`
            }
          >
            <Checkbox disabled={!canShare}>Share with everyone in the company</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
};
