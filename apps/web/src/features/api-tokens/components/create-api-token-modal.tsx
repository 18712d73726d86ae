import {
  apiTokenMaxLifetimeDays,
  type TCreatedApiToken,
  type TPermission,
  ZCreateApiTokenRequest,
} from '@cargodesk/shared';
import { Alert, Button, Checkbox, Form, Input, Modal, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { toErrorMessage } from '@/lib/api-client.ts';
import { useSession } from '@/lib/auth/session-store.ts';
import { focusFieldOnOpen } from '@/lib/forms/focus-field-on-open.ts';
import { zodRule } from '@/lib/forms/zod-rule.ts';
import { useCreateApiToken } from '../api/api-tokens.ts';
import { permissionOptionsOf } from './permission-labels.ts';

type TCreateValues = { name: string; expiresInDays: number; permissions: TPermission[] };

const nameRule = zodRule(ZCreateApiTokenRequest.shape.name, {
  label: 'The name',
  messages: { too_small: 'Please name the token after what will use it.' },
});

const lifetimes = [7, 30, 90, 180, apiTokenMaxLifetimeDays].map((days) => ({
  value: days,
  label: days === apiTokenMaxLifetimeDays ? '1 year' : `${days} days`,
}));

/** The token, once: copy it now, it is never shown again. */
const CreatedToken = ({ created, onDone }: { created: TCreatedApiToken; onDone: () => void }) => {
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      setCopyState('copied');
    } catch {
      // A browser that keeps the clipboard closed: the field is there to select and copy by hand.
      setCopyState('failed');
    }
  };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Alert
        type="warning"
        showIcon
        title="Copy the token now: it will not be shown again."
        description="Cargodesk keeps only a fingerprint of it. If you lose it, revoke it and create another."
      />
      <label htmlFor="created-api-token">
        <Typography.Text strong>Token “{created.name}”</Typography.Text>
      </label>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id="created-api-token"
          readOnly
          value={created.token}
          onFocus={(event) => event.target.select()}
        />
        <Button type="primary" onClick={onCopy}>
          {copyState === 'copied' ? 'Copied' : 'Copy'}
        </Button>
      </Space.Compact>
      {copyState === 'failed' && (
        <Typography.Text type="danger" role="status">
          The browser did not let Cargodesk copy it: select the token and copy it yourself.
        </Typography.Text>
      )}
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Send it in the <Typography.Text code>Authorization</Typography.Text> header of each request, as it is.
      </Typography.Paragraph>
      <Button onClick={onDone}>Done</Button>
    </Space>
  );
};

/** Creates a personal API token with a name, an expiry and some of the user's own permissions. */
export const CreateApiTokenModal = ({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) => {
  const [form] = Form.useForm<TCreateValues>();
  const create = useCreateApiToken();
  const [failure, setFailure] = useState<string>();
  const [created, setCreated] = useState<TCreatedApiToken>();
  const held = useSession().user?.permissions ?? [];
  const options = permissionOptionsOf(held);

  const onDone = () => {
    setFailure(undefined);
    setCreated(undefined);
    form.resetFields();
    onClose();
  };

  const onSubmit = async (values: TCreateValues) => {
    setFailure(undefined);
    try {
      setCreated(
        await create.mutateAsync({
          name: values.name.trim(),
          expiresInDays: values.expiresInDays,
          permissions: values.permissions,
        }),
      );
    } catch (error) {
      setFailure(toErrorMessage(error));
    }
  };

  return (
    <Modal
      title={created ? 'Your new API token' : 'Create API token'}
      open={isOpen}
      onCancel={onDone}
      afterOpenChange={focusFieldOnOpen(form, 'name')}
      // Once the token is shown, only Done (or closing) leaves: there is nothing more to submit.
      footer={created ? null : undefined}
      okText="Create token"
      okButtonProps={{ htmlType: 'submit', form: 'create-api-token' }}
      confirmLoading={create.isPending}
      destroyOnHidden
      maskClosable={!created}
    >
      {created ? (
        <CreatedToken created={created} onDone={onDone} />
      ) : (
        <>
          <p>An integration uses the token to act as you, with only the permissions you tick.</p>
          {options.length === 0 && (
            <Alert
              type="info"
              showIcon
              title="Your roles give you no permissions to hand to a token. Ask your admin for the access the integration needs."
              style={{ marginBottom: 16 }}
            />
          )}
          {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
          <Form
            form={form}
            name="create-api-token"
            layout="vertical"
            onFinish={onSubmit}
            // Every field is needed; none is marked.
            requiredMark={false}
            initialValues={{ expiresInDays: 30, permissions: [] }}
            noValidate
          >
            <Form.Item name="name" label="Name" rules={[nameRule]}>
              <Input autoComplete="off" autoFocus placeholder="Nightly export to the warehouse" />
            </Form.Item>
            <Form.Item name="expiresInDays" label="Expires after">
              <Select options={lifetimes} />
            </Form.Item>
            <Form.Item
              name="permissions"
              label="Permissions"
              extra="Only permissions you hold yourself can be given."
              // A validator, not `required`: antd would put aria-required on the group's div, which no
              // ARIA role of a div allows (axe).
              rules={[
                {
                  validator: async (_, value?: string[]) => {
                    if (!value?.length) throw new Error('Tick at least one permission.');
                  },
                },
              ]}
            >
              <Checkbox.Group style={{ display: 'grid', gap: 4 }} options={options} />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
};
