import {
  type TCompany,
  type TCountry,
  type TCurrency,
  type TDropdownGroup,
  type TTimeZone,
  type TUpdateCompanyRequest,
  ZUpdateCompanyRequest,
} from '@cargodesk/shared';
import { Descriptions, Form, Input, Select, Space, Switch, Tag, Typography } from 'antd';
import { useEffect, useMemo } from 'react';
import { ImageUpload } from '@/components/image-upload.tsx';
import { ReadOnlyNotice } from '@/components/read-only-notice.tsx';
import { FieldGrid, SaveRow, SettingsCard } from '@/components/settings-form.tsx';
import { UnsavedChangesGuard, useIsFormChanged } from '@/components/unsaved-changes.tsx';
import { useCan } from '@/lib/auth/permissions.ts';
import { refreshCurrentUser } from '@/lib/auth/refresh-current-user.ts';
import { useSession } from '@/lib/auth/session-store.ts';
import { useFormat } from '@/lib/format/format-store.ts';
import { zodRule } from '@/lib/forms/zod-rule.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useUpdateCompany } from '../api/company.ts';
import { AddressField } from './address-field.tsx';

export const companySavedMessage = 'Company profile saved.';

type TCompanyFields = {
  name: string;
  short_name: string;
  company_type: string | null;
  account_type: string | null;
  prefered_language: string | null;
  operating_country: string | null;
  currency: string | null;
  timezone: string | null;
  address: string;
  phone: string;
  is_subscribed_for_campaign: boolean;
  twoFactorAuth: boolean;
  account_setup: boolean;
  logoFileId: string | null;
};

const toFields = (company: TCompany): TCompanyFields => ({
  name: company.name,
  short_name: company.short_name ?? '',
  company_type: company.company_type,
  account_type: company.account_type,
  prefered_language: company.prefered_language,
  operating_country: company.operating_country,
  currency: company.currency,
  timezone: company.timezone,
  address: company.address ?? '',
  phone: company.phone ?? '',
  is_subscribed_for_campaign: company.is_subscribed_for_campaign,
  twoFactorAuth: company.twoFactorAuth,
  account_setup: company.account_setup,
  logoFileId: company.logoFileId ?? null,
});

// The server's own checks of PATCH /companies/current (every field there may be left out).
const companyFields = ZUpdateCompanyRequest.shape;
const nameRule = zodRule(companyFields.name.unwrap(), { label: 'The company name' });
const shortNameRule = zodRule(companyFields.short_name, { label: 'The short name' });
const phoneRule = zodRule(companyFields.phone, { label: 'Phone' });
const addressRule = zodRule(companyFields.address, { label: 'The address' });

type TOption = { value: string; label: string };

/** Matches what was typed against the label and the code, ignoring case. */
const matchOption = (input: string, option?: TOption) => {
  const needle = input.trim().toLowerCase();
  return Boolean(
    option && (option.label.toLowerCase().includes(needle) || option.value.toLowerCase().includes(needle)),
  );
};

const searchable = { showSearch: { filterOption: matchOption }, allowClear: true } as const;

/** The company's settings: every field of docs/product.md §3, the logo, two-factor sign-in and the plan. */
export const CompanyForm = ({ company }: { company: TCompany }) => {
  const { formatDate } = useFormat();
  const { referenceData } = useSession();
  const canEdit = useCan('company:write');
  const canUpload = useCan('files:write') && canEdit;
  const update = useUpdateCompany();
  const [form] = Form.useForm<TCompanyFields>();
  const saved = useMemo(() => toFields(company), [company]);
  const isChanged = useIsFormChanged(form, saved) && canEdit;

  useEffect(() => {
    form.setFieldsValue(toFields(company));
  }, [company, form]);

  const options = useMemo(() => {
    const countries = (referenceData?.countries ?? []) as TCountry[];
    const currencies = (referenceData?.currencies ?? []) as TCurrency[];
    const timezones = (referenceData?.timezones ?? []) as TTimeZone[];
    const dropdowns = (referenceData?.dropdowns ?? []) as TDropdownGroup[];
    const picklist = (group: string): TOption[] =>
      (dropdowns.find((candidate) => candidate.group === group)?.values ?? [])
        .slice()
        .sort((left, right) => left.order - right.order)
        .map(({ label, value }) => ({ label, value }));
    return {
      countries: countries.map((country) => ({
        value: country.code,
        label: `${country.flag} ${country.name} (${country.code})`,
      })),
      currencies: currencies.map((currency) => ({
        value: currency.code,
        label: `${currency.code} — ${currency.name}`,
      })),
      timezones: timezones.map((zone) => ({ value: zone.name, label: `${zone.name} (${zone.label})` })),
      companyTypes: picklist('company_type'),
      accountTypes: picklist('account_type'),
      languages: picklist('prefered_language'),
    };
  }, [referenceData]);

  const onSave = async (fields: TCompanyFields) => {
    const changes: TUpdateCompanyRequest = {
      ...fields,
      company_type: fields.company_type ?? null,
      account_type: fields.account_type ?? null,
      prefered_language: fields.prefered_language ?? null,
      operating_country: fields.operating_country ?? null,
      currency: fields.currency ?? null,
      timezone: fields.timezone ?? null,
      logoFileId: fields.logoFileId ?? null,
    };
    try {
      await update.mutateAsync(changes);
      notifySuccess(companySavedMessage);
      // The session carries the company too (two-factor flag, name in the mail composer).
      await refreshCurrentUser().catch(() => undefined);
    } catch {
      // The query client's mutation default has shown why.
    }
  };

  const expiry = new Date(company.subscripedPlan.expiryDate);
  const isExpired = expiry.getTime() < Date.now();

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {!canEdit && <ReadOnlyNotice what="the company profile" permission="company:write" />}
      <SettingsCard title="Plan">
        <Descriptions column={{ xs: 1, sm: 2 }} size="small">
          <Descriptions.Item label="Plan">{company.subscripedPlan.name}</Descriptions.Item>
          <Descriptions.Item label="Expires">
            <Space size="small">
              <time dateTime={company.subscripedPlan.expiryDate}>{formatDate(expiry)}</time>
              {isExpired && <Tag color="error">Expired</Tag>}
            </Space>
          </Descriptions.Item>
        </Descriptions>
        <Typography.Text type="secondary">
          The plan and its expiry are managed by the Cargodesk support team.
        </Typography.Text>
      </SettingsCard>
      <SettingsCard
        title="Company details"
        history={{ entityType: 'company', entityId: company._id, title: 'Company history' }}
      >
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          disabled={!canEdit}
          initialValues={toFields(company)}
          onFinish={(values) => void onSave(values)}
          style={{ maxWidth: 720 }}
        >
          <Form.Item label="Logo" name="logoFileId">
            <ImageUpload
              label="Logo"
              purpose="logo"
              shape="square"
              size={88}
              isDisabled={!canUpload}
              placeholder={<Typography.Text type="secondary">No logo</Typography.Text>}
            />
          </Form.Item>
          <FieldGrid>
            <Form.Item label="Company name" name="name" rules={[nameRule]}>
              <Input autoComplete="organization" />
            </Form.Item>
            <Form.Item label="Short name" name="short_name" rules={[shortNameRule]}>
              <Input />
            </Form.Item>
            <Form.Item label="Company type" name="company_type">
              <Select {...searchable} options={options.companyTypes} placeholder="Choose a company type" />
            </Form.Item>
            <Form.Item label="Account type" name="account_type">
              <Select {...searchable} options={options.accountTypes} placeholder="Choose an account type" />
            </Form.Item>
            <Form.Item label="Operating country" name="operating_country">
              <Select {...searchable} options={options.countries} placeholder="Search countries" />
            </Form.Item>
            <Form.Item label="Currency" name="currency">
              <Select {...searchable} options={options.currencies} placeholder="Search currencies" />
            </Form.Item>
            <Form.Item label="Time zone" name="timezone">
              <Select {...searchable} options={options.timezones} placeholder="Search time zones" />
            </Form.Item>
            <Form.Item label="Preferred language" name="prefered_language">
              <Select {...searchable} options={options.languages} placeholder="Choose a language" />
            </Form.Item>
            <Form.Item label="Phone" name="phone" rules={[phoneRule]}>
              <Input type="tel" autoComplete="tel" />
            </Form.Item>
          </FieldGrid>
          <Form.Item label="Address" name="address" rules={[addressRule]}>
            <AddressField mapKey={referenceData?.googleMapKey} />
          </Form.Item>
          <Form.Item
            label="Two-factor sign-in"
            name="twoFactorAuth"
            valuePropName="checked"
            extra="Everyone in the company confirms each sign-in with a code sent by email."
          >
            <Switch />
          </Form.Item>
          <Form.Item
            label="Product news and campaigns by email"
            name="is_subscribed_for_campaign"
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <Form.Item label="Account set-up complete" name="account_setup" valuePropName="checked">
            <Switch />
          </Form.Item>
          {canEdit && (
            <SaveRow label="Save company profile" isSaving={update.isPending} isChanged={isChanged} />
          )}
          <UnsavedChangesGuard isChanged={isChanged} />
        </Form>
      </SettingsCard>
    </Space>
  );
};
