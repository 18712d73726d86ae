import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import {
  contactSavedFilterRules,
  type TContactSavedFilter,
  ZContactSavedFilterInput,
} from '@cargodesk/shared';
import { Alert, Button, Checkbox, Form, Input, Modal, Popconfirm, Select } from 'antd';
import { useState } from 'react';
import { roleScreenLabelOf } from '@/components/read-only-notice.tsx';
import { toErrorMessage } from '@/lib/api-client.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { zodRule } from '@/lib/forms/zod-rule.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useDeleteSavedFilter, useSavedFilters, useSaveFilter } from '../api/contacts.ts';

const nameRule = zodRule(ZContactSavedFilterInput.shape.name, {
  label: 'The name',
  requiredMessage: 'Please name the filter.',
});

const labelOf = (filter: TContactSavedFilter) =>
  filter.isMine
    ? filter.isShared
      ? `${filter.name} (shared)`
      : filter.name
    : `${filter.name} (${filter.ownerName ?? 'a colleague'})`;

/**
 * The list's saved filters: choose one to see its contacts, save what the list shows now under a
 * name (for yourself, or shared with the company by who may change contacts), delete one.
 */
export const SavedFilters = ({
  query,
  isFiltered,
  onApply,
}: {
  /** What the list shows now, as its address carries it. */
  query: Record<string, string | number | undefined>;
  isFiltered: boolean;
  onApply: (query: Record<string, string>) => void;
}) => {
  const canShare = useCan('contacts:write');
  const filters = useSavedFilters();
  const save = useSaveFilter();
  const remove = useDeleteSavedFilter();
  const [chosenId, setChosenId] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [form] = Form.useForm<{ name: string; isShared: boolean }>();
  const chosen = filters.data?.find((filter) => filter._id === chosenId);
  const canDelete = chosen && (chosen.isMine || canShare);

  const onSave = async (values: { name: string; isShared: boolean }) => {
    setFailure(undefined);
    const { page: _page, pageSize: _pageSize, ...kept } = query;
    try {
      const saved = await save.mutateAsync({
        name: values.name,
        isShared: values.isShared,
        query: Object.fromEntries(
          Object.entries(kept).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
        ),
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
        value={chosenId}
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
        okButtonProps={{ htmlType: 'submit', form: 'save-contact-filter' }}
        confirmLoading={save.isPending}
        onCancel={() => setIsSaving(false)}
        destroyOnHidden
      >
        {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
        <Form
          form={form}
          name="save-contact-filter"
          layout="vertical"
          initialValues={{ isShared: false }}
          onFinish={(values) => void onSave(values)}
          noValidate
        >
          <Form.Item name="name" label="Name" rules={[nameRule]}>
            <Input maxLength={contactSavedFilterRules.nameMaxLength} autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="isShared"
            valuePropName="checked"
            extra={
              canShare
                ? undefined
                : `Sharing a filter is for people whose role allows “${roleScreenLabelOf('contacts:write')}”.`
            }
          >
            <Checkbox disabled={!canShare}>Share with everyone in the company</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
};
