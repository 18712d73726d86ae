import type { TContactSummary } from '@cargodesk/shared';
import { Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { notifySuccess } from '@/lib/notify.ts';
import { useBulkContacts, useContactTags } from '../api/contacts.ts';

/** A bulk action waiting for its tag: the list's action resolves once the tag is applied. */
export type TBulkTagRequest = {
  action: 'tag' | 'untag';
  rows: TContactSummary[];
  resolve: () => void;
  reject: (error: unknown) => void;
};

const countOf = (count: number) => (count === 1 ? '1 contact' : `${count} contacts`);

/** Asks which tag to add to, or remove from, the picked contacts, then does it for all of them. */
export const BulkTagModal = ({
  request,
  onDone,
}: {
  request: TBulkTagRequest | undefined;
  onDone: () => void;
}) => {
  const tags = useContactTags();
  const bulk = useBulkContacts();
  const [tagId, setTagId] = useState<string>();
  const [error, setError] = useState<string>();
  const isTagging = request?.action === 'tag';

  const close = () => {
    setTagId(undefined);
    setError(undefined);
    onDone();
  };
  const apply = async () => {
    if (!request) return;
    if (!tagId) {
      setError('Please choose the tag.');
      return;
    }
    try {
      const { changed } = await bulk.mutateAsync({
        action: request.action,
        tagId,
        ids: request.rows.map((row) => row._id),
      });
      const name = tags.data?.find((tag) => tag._id === tagId)?.name ?? 'the tag';
      notifySuccess(
        isTagging ? `${name} added to ${countOf(changed)}` : `${name} removed from ${countOf(changed)}`,
      );
      request.resolve();
      close();
    } catch (failure) {
      request.reject(failure);
      close();
    }
  };

  return (
    <Modal
      title={
        request ? `${isTagging ? 'Add a tag to' : 'Remove a tag from'} ${countOf(request.rows.length)}` : ''
      }
      open={request !== undefined}
      okText={isTagging ? 'Add tag' : 'Remove tag'}
      confirmLoading={bulk.isPending}
      onOk={() => void apply()}
      onCancel={() => {
        // Cancelled: the picked rows stay picked.
        request?.reject(new Error('cancelled'));
        close();
      }}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => void apply()}>
        <Form.Item label="Tag" htmlFor="bulk-tag" validateStatus={error ? 'error' : ''} help={error}>
          <Select
            id="bulk-tag"
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Choose a tag"
            value={tagId}
            onChange={(value: string) => {
              setTagId(value);
              setError(undefined);
            }}
            options={(tags.data ?? []).map((tag) => ({ value: tag._id, label: tag.name }))}
            notFoundContent="No tags yet: create them with Tags."
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};
