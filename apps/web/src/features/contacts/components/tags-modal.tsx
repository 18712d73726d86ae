import {
  contactTagColors,
  type TContactTagColor,
  type TContactTagWithCount,
  ZContactTagInput,
} from '@cargodesk/shared';
import { Alert, Button, Flex, Form, Input, List, Modal, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ConfirmDeleteButton } from '@/components/confirm-delete-button.tsx';
import { ApiError, toErrorMessage } from '@/lib/api-client.ts';
import { zodRule } from '@/lib/forms/zod-rule.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useContactTags, useCreateTag, useDeleteTag, useUpdateTag } from '../api/contacts.ts';

type TTagValues = { name: string; color: TContactTagColor };

const nameRule = zodRule(ZContactTagInput.shape.name, {
  label: 'The name',
  requiredMessage: 'Please enter the name.',
});
const colorOptions = contactTagColors.map((color) => ({
  value: color,
  label: (
    <Tag color={color} bordered={false}>
      {color}
    </Tag>
  ),
}));

/** A tag's name and colour, to add one or change one. */
const TagForm = ({
  name,
  initial,
  submitLabel,
  isPending,
  onSubmit,
  onCancel,
}: {
  name: string;
  initial?: TTagValues;
  submitLabel: string;
  isPending: boolean;
  onSubmit: (values: TTagValues) => Promise<void>;
  onCancel?: () => void;
}) => {
  const [form] = Form.useForm<TTagValues>();
  const submit = async (values: TTagValues) => {
    try {
      await onSubmit(values);
      if (!initial) form.resetFields();
    } catch (error) {
      form.setFields([
        { name: 'name', errors: [error instanceof ApiError ? error.message : toErrorMessage(error)] },
      ]);
    }
  };
  return (
    <Form
      form={form}
      name={name}
      layout="inline"
      initialValues={initial ?? { color: 'blue' }}
      onFinish={(values) => void submit(values)}
      noValidate
      style={{ rowGap: 8 }}
    >
      <Form.Item name="name" rules={[nameRule]} label="Name">
        <Input style={{ width: 180 }} autoComplete="off" />
      </Form.Item>
      <Form.Item name="color" label="Colour">
        <Select style={{ width: 130 }} options={colorOptions} />
      </Form.Item>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" loading={isPending}>
          {submitLabel}
        </Button>
        {onCancel && <Button onClick={onCancel}>Cancel</Button>}
      </Flex>
    </Form>
  );
};

/** The company's contact tags: how many contacts carry each; add, rename, recolour and delete. */
export const TagsModal = ({
  isOpen,
  canWrite,
  onClose,
}: {
  isOpen: boolean;
  canWrite: boolean;
  onClose: () => void;
}) => {
  const tags = useContactTags();
  const create = useCreateTag();
  const update = useUpdateTag();
  const remove = useDeleteTag();
  const [editingId, setEditingId] = useState<string>();

  const renderTag = (tag: TContactTagWithCount) =>
    editingId === tag._id ? (
      <List.Item>
        <TagForm
          name={`tag-${tag._id}`}
          initial={{ name: tag.name, color: tag.color }}
          submitLabel="Save"
          isPending={update.isPending}
          onCancel={() => setEditingId(undefined)}
          onSubmit={async (values) => {
            await update.mutateAsync({ id: tag._id, changes: values });
            notifySuccess(`${values.name} saved`);
            setEditingId(undefined);
          }}
        />
      </List.Item>
    ) : (
      <List.Item
        actions={
          canWrite
            ? [
                <Button
                  key="edit"
                  type="link"
                  size="small"
                  aria-label={`Edit tag ${tag.name}`}
                  onClick={() => setEditingId(tag._id)}
                >
                  Edit
                </Button>,
                <ConfirmDeleteButton
                  key="delete"
                  label={`Delete tag ${tag.name}`}
                  question={`Delete the tag ${tag.name}?`}
                  description={
                    tag.contactCount > 0
                      ? `It comes off ${tag.contactCount === 1 ? '1 contact' : `${tag.contactCount} contacts`}; the contacts stay.`
                      : undefined
                  }
                  isPending={remove.isPending}
                  onConfirm={() =>
                    remove.mutate(tag._id, { onSuccess: () => notifySuccess(`${tag.name} deleted`) })
                  }
                />,
              ]
            : []
        }
      >
        <Flex gap={8} align="center">
          <Tag color={tag.color} bordered={false}>
            {tag.name}
          </Tag>
          <Typography.Text type="secondary">
            {tag.contactCount === 1 ? '1 contact' : `${tag.contactCount} contacts`}
          </Typography.Text>
        </Flex>
      </List.Item>
    );

  return (
    <Modal title="Contact tags" open={isOpen} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      {tags.isError && <Alert type="error" showIcon title={toErrorMessage(tags.error)} />}
      {canWrite && (
        <div style={{ marginBottom: 16 }}>
          <Typography.Title level={3} style={{ fontSize: 16 }}>
            New tag
          </Typography.Title>
          <TagForm
            name="new-tag"
            submitLabel="Add tag"
            isPending={create.isPending}
            onSubmit={async (values) => {
              await create.mutateAsync(values);
              notifySuccess(`${values.name} added`);
            }}
          />
        </div>
      )}
      {tags.data?.length === 0 ? (
        <Typography.Paragraph type="secondary">No tags yet.</Typography.Paragraph>
      ) : (
        <List<TContactTagWithCount>
          loading={tags.isLoading}
          dataSource={tags.data ?? []}
          renderItem={renderTag}
          aria-label="Tags"
        />
      )}
    </Modal>
  );
};
