import {
  nextReferenceOf,
  referencePatternModes,
  referencePatternRefusal,
  referencePatternRules,
  type TReferencePatternMode,
  type TShipmentReferencePatterns,
  ZReferencePattern,
} from '@cargodesk/shared';
import { Alert, Button, Form, Input, Skeleton, Typography } from 'antd';
import { FieldGrid, SaveRow, SettingsCard } from '@/components/settings-form.tsx';
import { UnsavedChangesGuard, useIsFormChanged } from '@/components/unsaved-changes.tsx';
import { ApiError, toErrorMessage } from '@/lib/api-client.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { useSession } from '@/lib/auth/session-store.ts';
import { zodRule } from '@/lib/forms/zod-rule.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useReferencePatterns, useSaveReferencePatterns } from '../api/reference-patterns.ts';

type TPatternValues = Record<TReferencePatternMode, string>;

const modeLabels: Record<TReferencePatternMode, string> = { sea: 'Sea shipments', air: 'Air shipments' };

const patternRule = zodRule(ZReferencePattern, { requiredMessage: 'Please enter a pattern.' });

/** The reference a pattern gives next, as the admin types it; nothing while the pattern cannot number. */
const NextReference = ({
  pattern,
  settings,
}: {
  pattern: string | undefined;
  settings: TShipmentReferencePatterns;
}) => {
  const typed = pattern?.trim() ?? '';
  if (referencePatternRefusal(typed)) return null;
  return (
    <span>
      Next: <Typography.Text code>{nextReferenceOf(typed, settings)}</Typography.Text>
    </span>
  );
};

const PatternsForm = ({ settings }: { settings: TShipmentReferencePatterns }) => {
  const [form] = Form.useForm<TPatternValues>();
  const canWrite = useCan('company:write');
  const save = useSaveReferencePatterns();
  const saved = settings.patterns;
  const isChanged = useIsFormChanged(form, saved);
  const sea = Form.useWatch('sea', form);
  const air = Form.useWatch('air', form);

  const onFinish = async (values: TPatternValues) => {
    try {
      await save.mutateAsync(values);
      notifySuccess('Shipment references saved');
    } catch (error) {
      const fields =
        error instanceof ApiError
          ? ((error.details as { fields?: { field: string; message: string }[] } | undefined)?.fields ?? [])
          : [];
      const placed = fields.filter((field) => field.field === 'sea' || field.field === 'air');
      if (placed.length > 0)
        form.setFields(
          placed.map((field) => ({ name: field.field as TReferencePatternMode, errors: [field.message] })),
        );
    }
  };

  return (
    <Form<TPatternValues>
      form={form}
      name="shipment-references"
      layout="vertical"
      initialValues={saved}
      disabled={!canWrite}
      onFinish={(values) => void onFinish(values)}
      noValidate
    >
      <UnsavedChangesGuard isChanged={isChanged} />
      <Typography.Paragraph type="secondary">
        Each new shipment takes the next number of its mode’s pattern. <code>{'{YYYY}'}</code> or{' '}
        <code>{'{YY}'}</code> is the year it is created in, <code>{'{#####}'}</code> the number with as many
        digits as hashes ({referencePatternRules.hashesMin} to {referencePatternRules.hashesMax}). Each year
        of a pattern counts from 1; a pattern used before counts on where it stopped.
      </Typography.Paragraph>
      {save.isError && !(save.error instanceof ApiError && save.error.details) && (
        <Alert type="error" showIcon title={toErrorMessage(save.error)} style={{ marginBottom: 16 }} />
      )}
      <FieldGrid>
        {referencePatternModes.map((mode) => (
          <Form.Item
            key={mode}
            name={mode}
            label={modeLabels[mode]}
            rules={[patternRule]}
            extra={<NextReference pattern={mode === 'sea' ? sea : air} settings={settings} />}
          >
            <Input maxLength={referencePatternRules.maxLength} autoComplete="off" spellCheck={false} />
          </Form.Item>
        ))}
      </FieldGrid>
      {canWrite && <SaveRow label="Save references" isSaving={save.isPending} isChanged={isChanged} />}
    </Form>
  );
};

/** Company settings (Freight product): the pattern each mode's shipment references follow. */
export const ShipmentReferencesCard = () => {
  const settings = useReferencePatterns();
  const companyId = useSession().user?.companyId ?? '';
  return (
    <SettingsCard
      id="shipment-references"
      title="Shipment references"
      history={{
        entityType: 'shipment-reference-pattern',
        entityId: companyId,
        title: 'Shipment references history',
      }}
    >
      {settings.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : settings.isError ? (
        <Alert
          type="warning"
          showIcon
          title="The shipment references could not be loaded"
          description={toErrorMessage(settings.error)}
          action={<Button onClick={() => void settings.refetch()}>Try again</Button>}
        />
      ) : (
        <PatternsForm settings={settings.data} />
      )}
    </SettingsCard>
  );
};
