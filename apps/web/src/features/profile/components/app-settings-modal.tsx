import type {
  TDateFormat,
  TNumberFormat,
  TPreferredLanguage,
  TTimeZone,
  TUserPreferences,
} from '@cargodesk/shared';
import { Alert, Form, Modal, Select, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { toErrorMessage } from '@/lib/api-client.ts';
import { useSession } from '@/lib/auth/session-store.ts';
import { browserFormatSettings, resolveFormatSettings } from '@/lib/format/format-settings.ts';
import { createFormatter } from '@/lib/format/formatter.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { usePreferences, useUpdatePreferences } from '../api/preferences.ts';

// App settings (the avatar menu): how this user's screens write dates, times and numbers. Each
// choice can be "as my browser", which is what a user who never chose gets.

const browser = 'browser';
type TChoice<T extends string> = T | typeof browser;
type TSettingsValues = {
  language: TChoice<TPreferredLanguage>;
  timeZone: string;
  dateFormat: TChoice<TDateFormat>;
  numberFormat: TChoice<TNumberFormat>;
};

// Spelled out here (the types keep them whole): the screen takes only types from shared.
const languageLabels: Record<TPreferredLanguage, string> = {
  'en-GB': 'English (UK)',
  'en-US': 'English (US)',
};
const dateFormats: Record<TDateFormat, string> = {
  language: 'As the language writes it',
  'dd/mm/yyyy': 'DD/MM/YYYY',
  'mm/dd/yyyy': 'MM/DD/YYYY',
  'yyyy-mm-dd': 'YYYY-MM-DD',
  'dd.mm.yyyy': 'DD.MM.YYYY',
};
const numberFormats: Record<TNumberFormat, string> = {
  language: 'As the language writes it',
  '1,234.56': 'Comma thousands, point decimals',
  '1.234,56': 'Point thousands, comma decimals',
  '1 234,56': 'Space thousands, comma decimals',
  "1'234.56": 'Apostrophe thousands, point decimals',
};
const keysOf = <T extends string>(record: Record<T, unknown>) => Object.keys(record) as T[];

/** A day whose day and month cannot be mixed up, for the examples. */
const exampleMoment = '2026-12-31T15:45:00Z';
const exampleNumber = 1234567.89;

const toValues = (preferences: TUserPreferences | undefined): TSettingsValues => ({
  language: preferences?.language ?? browser,
  timeZone: preferences?.timeZone ?? browser,
  dateFormat: preferences?.dateFormat ?? browser,
  numberFormat: preferences?.numberFormat ?? browser,
});
const fromChoice = <T extends string>(value: TChoice<T> | undefined): T | null =>
  value === undefined || value === browser ? null : value;
const toPreferences = (values: Partial<TSettingsValues>): TUserPreferences => ({
  language: fromChoice(values.language),
  timeZone: fromChoice(values.timeZone),
  dateFormat: fromChoice(values.dateFormat),
  numberFormat: fromChoice(values.numberFormat),
});

const SettingsForm = ({
  preferences,
  update,
  onSaved,
}: {
  preferences: TUserPreferences;
  update: ReturnType<typeof useUpdatePreferences>;
  onSaved: () => void;
}) => {
  const [form] = Form.useForm<TSettingsValues>();
  const [failure, setFailure] = useState<string>();
  // The reference time zones, loaded with the session (the server accepts only these).
  const { referenceData } = useSession();
  const watched = Form.useWatch([], form) as Partial<TSettingsValues> | undefined;
  const chosen = toPreferences(watched ?? toValues(preferences));
  const fromBrowser = browserFormatSettings();

  // Each option shows what it does, written with the other choices as they stand.
  const exampleWith = (changes: Partial<TUserPreferences>) =>
    createFormatter(resolveFormatSettings({ ...chosen, ...changes }));
  const preview = exampleWith({});

  const timeZoneOptions = useMemo(
    () => [
      { value: browser, label: `As my browser (${fromBrowser.timeZone})` },
      ...((referenceData?.timezones ?? []) as TTimeZone[]).map((zone) => ({
        value: zone.name,
        label: `${zone.name} (${zone.label})`,
      })),
    ],
    [referenceData?.timezones, fromBrowser.timeZone],
  );

  const onFinish = async (values: TSettingsValues) => {
    setFailure(undefined);
    try {
      await update.mutateAsync(toPreferences(values));
      notifySuccess('App settings saved');
      onSaved();
    } catch (error) {
      setFailure(toErrorMessage(error));
    }
  };

  return (
    <Form
      form={form}
      id="app-settings"
      name="app-settings"
      layout="vertical"
      initialValues={toValues(preferences)}
      onFinish={onFinish}
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form.Item
        name="language"
        label="Language"
        extra="Cargodesk is written in English; the variant decides how dates and numbers are written."
      >
        <Select
          options={[
            { value: browser, label: `As my browser (${fromBrowser.locale})` },
            ...keysOf(languageLabels).map((value) => ({ value, label: languageLabels[value] })),
          ]}
        />
      </Form.Item>
      <Form.Item name="timeZone" label="Time zone">
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={timeZoneOptions}
          placeholder="Search time zones"
        />
      </Form.Item>
      <Form.Item name="dateFormat" label="Date format">
        <Select
          options={[
            {
              value: browser,
              label: `As my browser (${exampleWith({ dateFormat: null }).formatDate(exampleMoment)})`,
            },
            ...keysOf(dateFormats).map((value) => ({
              value,
              label: `${dateFormats[value]} (${exampleWith({ dateFormat: value }).formatDate(exampleMoment)})`,
            })),
          ]}
        />
      </Form.Item>
      <Form.Item name="numberFormat" label="Number format">
        <Select
          options={[
            {
              value: browser,
              label: `As my browser (${exampleWith({ numberFormat: null }).formatNumber(exampleNumber)})`,
            },
            ...keysOf(numberFormats).map((value) => ({
              value,
              label: `${numberFormats[value]} (${exampleWith({ numberFormat: value }).formatNumber(exampleNumber)})`,
            })),
          ]}
        />
      </Form.Item>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }} aria-live="polite">
        Example: {preview.formatDateTime(exampleMoment)} · {preview.formatNumber(exampleNumber)} ·{' '}
        {preview.formatMoney(exampleNumber, 'EUR')}
      </Typography.Paragraph>
    </Form>
  );
};

/** "App settings": language, time zone, date and number format, saved for the user on the server. */
export const AppSettingsModal = ({ onClose }: { onClose: () => void }) => {
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  return (
    <Modal
      open
      title="App settings"
      okText="Save"
      okButtonProps={{ htmlType: 'submit', form: 'app-settings', disabled: !preferences.data }}
      confirmLoading={update.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>How dates, times and numbers are written for you on every screen.</p>
      {preferences.isError ? (
        <Alert type="error" showIcon title={toErrorMessage(preferences.error)} />
      ) : preferences.data ? (
        <SettingsForm preferences={preferences.data} update={update} onSaved={onClose} />
      ) : (
        <Skeleton active />
      )}
    </Modal>
  );
};
