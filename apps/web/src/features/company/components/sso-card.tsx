import { type TSsoConfig, type TSsoConfigInput, ZSsoConfigInput, ZSsoDomain } from '@cargodesk/shared';
import {
  Alert,
  Button,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Switch,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { FieldGrid, SaveRow, SettingsCard } from '@/components/settings-form.tsx';
import { UnsavedChangesGuard, useIsFormChanged } from '@/components/unsaved-changes.tsx';
import { toErrorMessage } from '@/lib/api-client.ts';
import { useSession } from '@/lib/auth/session-store.ts';
import { serverFieldErrorsOf } from '@/lib/forms/server-field-errors.ts';
import { zodRule } from '@/lib/forms/zod-rule.ts';
import { notifySuccess } from '@/lib/notify.ts';
import {
  useRemoveSsoSettings,
  useSaveSsoSettings,
  useSsoSettings,
  useTestSsoConnection,
} from '../api/sso-settings.ts';
import { SsoDomainProofs } from './sso-domain-proofs.tsx';

// Single sign-on settings (docs/decisions/020-single-sign-on.md), for holders of company:write.

export const ssoTexts = {
  saved: 'Single sign-on settings saved.',
  removed: 'Single sign-on removed.',
  confirmRequireTitle: 'Require single sign-on?',
  confirmRequire:
    'Members will no longer sign in with a password, and password reset mails will tell them to use single sign-on. Admins keep their password as a way in if the identity provider fails.',
} as const;

type TSsoFields = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string[];
  isEnabled: boolean;
  requireSso: boolean;
  jitProvisioning: boolean;
};

const toFields = (config: TSsoConfig | null): TSsoFields => ({
  issuer: config?.issuer ?? '',
  clientId: config?.clientId ?? '',
  clientSecret: '',
  domains: config?.domains ?? [],
  isEnabled: config?.isEnabled ?? true,
  requireSso: config?.requireSso ?? false,
  jitProvisioning: config?.jitProvisioning ?? false,
});

const fields = ZSsoConfigInput.shape;
const issuerRule = zodRule(fields.issuer, { label: 'The issuer URL' });
const clientIdRule = zodRule(fields.clientId, { label: 'The client ID' });
const domainsRule = {
  validator: async (_rule: unknown, value: string[] | undefined) => {
    if (!value || value.length === 0) throw new Error('Name at least one e-mail domain.');
    for (const domain of value) {
      const result = ZSsoDomain.safeParse(domain);
      if (!result.success) throw new Error(`${domain} ${result.error.issues[0]?.message ?? 'is not valid'}`);
    }
  },
};

const SsoForm = ({ config, redirectUri }: { config: TSsoConfig | null; redirectUri: string }) => {
  const [form] = Form.useForm<TSsoFields>();
  const save = useSaveSsoSettings();
  const remove = useRemoveSsoSettings();
  const test = useTestSsoConnection();
  const [pending, setPending] = useState<TSsoFields>();
  const [failure, setFailure] = useState<string>();
  const saved = useMemo(() => toFields(config), [config]);
  const isChanged = useIsFormChanged(form, saved);

  useEffect(() => {
    form.setFieldsValue(saved);
  }, [saved, form]);

  const submit = async (values: TSsoFields) => {
    setFailure(undefined);
    const input: TSsoConfigInput = {
      issuer: values.issuer.trim(),
      clientId: values.clientId.trim(),
      domains: values.domains.map((domain) => domain.trim().toLowerCase()),
      isEnabled: values.isEnabled,
      requireSso: values.requireSso,
      jitProvisioning: values.jitProvisioning,
      ...(values.clientSecret ? { clientSecret: values.clientSecret } : {}),
    };
    try {
      await save.mutateAsync(input);
      form.setFieldValue('clientSecret', '');
      notifySuccess(ssoTexts.saved);
    } catch (error) {
      const fieldErrors = serverFieldErrorsOf(error);
      if (fieldErrors.length > 0) {
        form.setFields(
          fieldErrors.map(({ field, message }) => ({
            name: field.split('.')[0] as keyof TSsoFields,
            errors: [message],
          })),
        );
      } else setFailure(toErrorMessage(error));
    }
  };

  // Turning "require" on changes how every member signs in: it is confirmed first.
  const onFinish = (values: TSsoFields) => {
    if (values.requireSso && !config?.requireSso) setPending(values);
    else void submit(values);
  };

  const onTest = async () => {
    setFailure(undefined);
    test.reset();
    const issuer = String(form.getFieldValue('issuer') ?? '').trim();
    try {
      await form.validateFields(['issuer']);
    } catch {
      return;
    }
    await test.mutateAsync(issuer).catch(() => undefined);
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Paragraph style={{ margin: 0 }}>
        Let your people sign in through your company’s identity provider over OpenID Connect (for example
        Microsoft Entra ID or Google Workspace). Register this redirect URI at the provider:
      </Typography.Paragraph>
      <Typography.Text code copyable={{ text: redirectUri }} style={{ wordBreak: 'break-all' }}>
        {redirectUri}
      </Typography.Text>
      {failure && <Alert type="error" showIcon title={failure} />}
      {test.isSuccess && (
        <Alert
          type="success"
          showIcon
          title="The identity provider answered"
          description={`It offers sign-in at ${test.data.authorizationEndpoint} and publishes ${test.data.keyCount} signing key(s).`}
        />
      )}
      {test.isError && (
        <Alert
          type="error"
          showIcon
          title="The identity provider could not be reached"
          description={serverFieldErrorsOf(test.error)[0]?.message ?? toErrorMessage(test.error)}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={saved}
        onFinish={onFinish}
        style={{ maxWidth: 720 }}
        aria-label="Single sign-on settings"
      >
        <Form.Item
          label="Issuer URL"
          name="issuer"
          rules={[issuerRule]}
          extra="Microsoft Entra ID: https://login.microsoftonline.com/<tenant id>/v2.0 — Google Workspace: https://accounts.google.com"
        >
          <Input inputMode="url" autoComplete="off" placeholder="https://login.example.com" />
        </Form.Item>
        <FieldGrid>
          <Form.Item label="Client ID" name="clientId" rules={[clientIdRule]}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            label="Client secret"
            name="clientSecret"
            rules={config?.hasClientSecret ? [] : [{ required: true, message: 'Enter the client secret.' }]}
            extra={config?.hasClientSecret ? 'Stored and never shown. Leave empty to keep it.' : undefined}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </FieldGrid>
        <Form.Item
          label="E-mail domains"
          name="domains"
          rules={[domainsRule]}
          extra="Addresses at these domains sign in through this provider. Type a domain and press Enter."
        >
          <Select
            mode="tags"
            tokenSeparators={[',', ' ']}
            open={false}
            suffixIcon={null}
            aria-label="E-mail domains"
          />
        </Form.Item>
        <Form.Item label="Single sign-on is on" name="isEnabled" valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          label="Create accounts on first sign-in"
          name="jitProvisioning"
          valuePropName="checked"
          extra="People at your domains without an account join the company as Members the first time they sign in."
        >
          <Switch />
        </Form.Item>
        <Form.Item
          label="Require single sign-on"
          name="requireSso"
          valuePropName="checked"
          extra="Members may not sign in with a password. Admins still can, in case the provider fails."
        >
          <Switch />
        </Form.Item>
        <SaveRow label="Save single sign-on" isSaving={save.isPending} isChanged={isChanged}>
          <Button onClick={() => void onTest()} loading={test.isPending}>
            Test connection
          </Button>
          {config && (
            <Popconfirm
              title="Remove single sign-on?"
              description="Members sign in with their passwords again."
              okText="Remove"
              onConfirm={async () => {
                await remove.mutateAsync().then(
                  () => notifySuccess(ssoTexts.removed),
                  (error: unknown) => setFailure(toErrorMessage(error)),
                );
              }}
            >
              <Button danger loading={remove.isPending}>
                Remove
              </Button>
            </Popconfirm>
          )}
        </SaveRow>
        <UnsavedChangesGuard isChanged={isChanged} />
      </Form>
      {config && config.domainProofs.length > 0 && <SsoDomainProofs proofs={config.domainProofs} />}
      <Modal
        open={pending !== undefined}
        title={ssoTexts.confirmRequireTitle}
        okText="Require single sign-on"
        onOk={() => {
          const values = pending;
          setPending(undefined);
          if (values) void submit(values);
        }}
        onCancel={() => setPending(undefined)}
      >
        <p>{ssoTexts.confirmRequire}</p>
      </Modal>
    </Space>
  );
};

/** The "Single sign-on" card of /settings/company. */
export const SsoCard = () => {
  const settings = useSsoSettings();
  const companyId = useSession().user?.companyId ?? '';
  return (
    <SettingsCard
      id="single-sign-on"
      title="Single sign-on"
      history={{ entityType: 'sso-config', entityId: companyId, title: 'Single sign-on history' }}
    >
      {settings.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : settings.isError ? (
        <Alert
          type="warning"
          showIcon
          title="The single sign-on settings could not be loaded"
          description={toErrorMessage(settings.error)}
          action={<Button onClick={() => void settings.refetch()}>Try again</Button>}
        />
      ) : (
        <SsoForm config={settings.data.config} redirectUri={settings.data.redirectUri} />
      )}
    </SettingsCard>
  );
};
