import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  contactRoleLabels,
  contactRoles,
  type TContact,
  type TContactAddress,
  type TContactCreate,
  type TContactEmail,
  type TContactKind,
  type TContactPhone,
  ZContactAddress,
  ZContactCreate,
  ZContactEmail,
  ZContactPhone,
} from '@cargodesk/shared';
import {
  Alert,
  Button,
  Col,
  Form,
  type FormInstance,
  Input,
  Modal,
  Radio,
  Row,
  Select,
  Typography,
} from 'antd';
import type { RuleObject, RuleRender } from 'antd/es/form';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths.ts';
import { toErrorMessage } from '@/lib/api-client.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { useCountryOptions } from '@/lib/country-options.ts';
import { serverFieldErrorsOf } from '@/lib/forms/server-field-errors.ts';
import { zodRule } from '@/lib/forms/zod-rule.ts';
import { useDebounced } from '@/lib/list/use-debounced.ts';
import { notifySuccess } from '@/lib/notify.ts';
import {
  useContactLookup,
  useContactTags,
  useCreateContact,
  useDuplicates,
  useOwnerOptions,
  useUpdateContact,
} from '../api/contacts.ts';
import { kindLabels } from '../contact-labels.ts';
import { fieldPathOf, filledLines, isBlankLine, type TLineListName } from '../contact-lines.ts';
import './contact-form.css';

type TContactValues = {
  kind: TContactKind;
  name: string;
  organisationId?: string | null;
  jobTitle?: string;
  roles: string[];
  emails: Partial<TContactEmail>[];
  phones: Partial<TContactPhone>[];
  addresses: Partial<TContactAddress>[];
  taxNumber?: string;
  ownerId?: string | null;
  tagIds: string[];
  notes?: string;
};

const fields = ZContactCreate.shape;
const rules = {
  name: zodRule(fields.name, { label: 'The name', requiredMessage: 'Please enter the name.' }),
  jobTitle: zodRule(fields.jobTitle, { label: 'The job title' }),
  taxNumber: zodRule(fields.taxNumber, { label: 'The tax number' }),
  notes: zodRule(fields.notes, { label: 'The notes' }),
  emailAddress: zodRule(ZContactEmail.shape.address, {
    label: 'The e-mail',
    requiredMessage: 'Please enter the e-mail address, or remove the line.',
  }),
  phoneNumber: zodRule(ZContactPhone.shape.number, {
    label: 'The phone number',
    requiredMessage: 'Please enter the number, or remove the line.',
  }),
  label: zodRule(ZContactEmail.shape.label, { label: 'The label' }),
  street: zodRule(ZContactAddress.shape.street, { label: 'The street' }),
  postalCode: zodRule(ZContactAddress.shape.postalCode, { label: 'The postal code' }),
  city: zodRule(ZContactAddress.shape.city, { label: 'The city' }),
  countryCode: zodRule(ZContactAddress.shape.countryCode, { requiredMessage: 'Please choose the country.' }),
  locationCode: zodRule(ZContactAddress.shape.locationCode, { label: 'The port or airport' }),
};

const valuesOf = (contact: TContact): TContactValues => ({
  kind: contact.kind,
  name: contact.name,
  organisationId: contact.organisation?._id ?? null,
  jobTitle: contact.jobTitle ?? '',
  roles: contact.roles,
  emails: contact.emails,
  phones: contact.phones,
  addresses: contact.addresses,
  taxNumber: contact.taxNumber ?? '',
  ownerId: contact.owner?._id ?? null,
  tagIds: contact.tags.map((tag) => tag._id),
  notes: contact.notes ?? '',
});

/**
 * A field's rule that counts only once its line holds something: the form starts with an empty
 * e-mail line for convenience, and a line left blank is dropped on save rather than refused.
 */
const unlessBlank =
  (listName: TLineListName, index: number, rule: RuleObject): RuleRender =>
  ({ getFieldValue }: Pick<FormInstance, 'getFieldValue'>): RuleObject => ({
    ...rule,
    validator: async (checked, value, callback) => {
      if (isBlankLine(getFieldValue([listName, index]))) return;
      return rule.validator?.(checked, value, callback);
    },
  });

/** What the server takes: blank lines dropped, empty texts as nothing. */
const inputOf = (values: TContactValues) => ({
  name: values.name,
  ...(values.kind === 'person'
    ? { organisationId: values.organisationId ?? null, jobTitle: values.jobTitle || null }
    : {}),
  roles: values.roles as TContactCreate['roles'],
  emails: filledLines(values.emails).map((email) => ({
    label: email.label ?? '',
    address: email.address ?? '',
  })),
  phones: filledLines(values.phones).map((phone) => ({
    label: phone.label ?? '',
    number: phone.number ?? '',
  })),
  addresses: filledLines(values.addresses).map((address) => ({
    label: address.label ?? '',
    street: address.street ?? '',
    postalCode: address.postalCode ?? '',
    city: address.city ?? '',
    region: address.region ?? '',
    countryCode: address.countryCode ?? '',
    locationCode: address.locationCode || null,
  })),
  taxNumber: values.taxNumber || null,
  ownerId: values.ownerId ?? null,
  tagIds: values.tagIds ?? [],
  notes: values.notes || null,
});

/** Lines of a label and a value (e-mails, phones), each removable, with a button to add one. */
const LabelledLines = ({
  listName,
  valueName,
  what,
  addText,
  valueRule,
  input,
}: {
  listName: 'emails' | 'phones';
  valueName: 'address' | 'number';
  what: string;
  addText: string;
  valueRule: (typeof rules)['emailAddress'];
  input: { type: 'email' | 'tel'; placeholder: string };
}) => (
  <Form.List name={listName}>
    {(lines, { add, remove }) => (
      <>
        {lines.map((line) => (
          <Row gutter={8} key={line.key} align="top">
            <Col xs={8} md={6}>
              <Form.Item name={[line.name, 'label']} rules={[unlessBlank(listName, line.name, rules.label)]}>
                <Input placeholder="Label" aria-label={`${what} ${line.name + 1} label`} />
              </Form.Item>
            </Col>
            <Col xs={13} md={16}>
              <Form.Item
                name={[line.name, valueName]}
                rules={[unlessBlank(listName, line.name, valueRule)]}
                // A label typed (or cleared) decides whether the value is needed.
                dependencies={[[listName, line.name, 'label']]}
              >
                <Input {...input} aria-label={`${what} ${line.name + 1}`} />
              </Form.Item>
            </Col>
            <Col xs={3} md={2}>
              <Button
                type="text"
                icon={<MinusCircleOutlined />}
                aria-label={`Remove ${what.toLowerCase()} ${line.name + 1}`}
                onClick={() => remove(line.name)}
              />
            </Col>
          </Row>
        ))}
        <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ label: '', [valueName]: '' })}>
          {addText}
        </Button>
      </>
    )}
  </Form.List>
);

/** Contacts that already hold the e-mail or tax number being typed: a warning, never a refusal. */
const DuplicateWarning = ({
  email,
  taxNumber,
  exceptId,
}: {
  email: string;
  taxNumber: string;
  exceptId?: string;
}) => {
  const duplicates = useDuplicates(useDebounced(email, 400), useDebounced(taxNumber, 400), exceptId);
  const found = duplicates.data ?? [];
  if (found.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title="This may be a contact you already have"
      description={
        <ul className="contact-form__duplicates">
          {found.map((duplicate) => (
            <li key={duplicate._id}>
              <Link to={paths.contactDetail.href({ id: duplicate._id })} target="_blank">
                {duplicate.name}
              </Link>{' '}
              (
              {[duplicate.sameEmail && 'same e-mail', duplicate.sameTaxNumber && 'same tax number']
                .filter(Boolean)
                .join(', ')}
              )
            </li>
          ))}
        </ul>
      }
    />
  );
};

/** Creates a contact, or, given one, changes it. A new contact opens on its own page. */
export const ContactFormModal = ({
  contact,
  onClose,
  initialKind = 'organisation',
  initialOrganisation,
}: {
  contact?: TContact | undefined;
  onClose: () => void;
  initialKind?: TContactKind;
  /** A person added from an organisation's page starts in that organisation. */
  initialOrganisation?: { _id: string; name: string } | undefined;
}) => {
  const [form] = Form.useForm<TContactValues>();
  const navigate = useNavigate();
  const create = useCreateContact();
  const update = useUpdateContact();
  const [failure, setFailure] = useState<string>();
  const canReadUsers = useCan('users:read');
  const kind = Form.useWatch('kind', form) ?? contact?.kind ?? initialKind;
  const firstEmail = Form.useWatch(['emails', 0, 'address'], form) ?? '';
  const taxNumber = Form.useWatch('taxNumber', form) ?? '';
  const [organisationSearch, setOrganisationSearch] = useState('');
  const organisations = useContactLookup(useDebounced(organisationSearch, 250), 'organisation');
  const [ownerSearch, setOwnerSearch] = useState('');
  const owners = useOwnerOptions(useDebounced(ownerSearch, 250), canReadUsers);
  const tags = useContactTags();

  const { options: countryOptions } = useCountryOptions();
  const knownOrganisation = contact?.organisation ?? initialOrganisation;
  const organisationOptions = [
    ...(knownOrganisation ? [{ value: knownOrganisation._id, label: knownOrganisation.name }] : []),
    ...(organisations.data ?? [])
      .filter((option) => option._id !== knownOrganisation?._id && option._id !== contact?._id)
      .map((option) => ({ value: option._id, label: option.name })),
  ];
  const knownOwner = contact?.owner;
  const ownerOptions = [
    ...(knownOwner ? [{ value: knownOwner._id, label: knownOwner.name }] : []),
    ...(owners.data?.data ?? [])
      .filter((user) => user._id !== knownOwner?._id)
      .map((user) => ({ value: user._id, label: `${user.name} (${user.email})` })),
  ];

  const onSubmit = async (values: TContactValues) => {
    setFailure(undefined);
    try {
      if (contact) {
        const saved = await update.mutateAsync({ id: contact._id, changes: inputOf(values) });
        notifySuccess(`${saved.name} saved`);
        onClose();
      } else {
        const created = await create.mutateAsync({ kind: values.kind, ...inputOf(values) });
        notifySuccess(`${created.name} added`);
        onClose();
        navigate(paths.contactDetail.href({ id: created._id }));
      }
    } catch (error) {
      const placed = serverFieldErrorsOf(error).filter((field) => field.field !== '');
      if (placed.length > 0) {
        form.setFields(
          placed.map((field) => ({
            name: fieldPathOf(field.field, values) as never,
            errors: [field.message],
          })),
        );
        return;
      }
      setFailure(toErrorMessage(error));
    }
  };

  return (
    <Modal
      title={contact ? `Edit ${contact.name}` : 'New contact'}
      open
      width={760}
      okText={contact ? 'Save' : 'Add contact'}
      okButtonProps={{ htmlType: 'submit', form: 'contact-form' }}
      confirmLoading={create.isPending || update.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form<TContactValues>
        form={form}
        name="contact-form"
        layout="vertical"
        requiredMark="optional"
        noValidate
        initialValues={
          contact
            ? valuesOf(contact)
            : {
                kind: initialKind,
                organisationId: initialOrganisation?._id ?? null,
                roles: [],
                emails: [{ label: '', address: '' }],
                phones: [],
                addresses: [],
                tagIds: [],
              }
        }
        onFinish={(values) => void onSubmit(values)}
        className="contact-form"
      >
        {!contact && (
          <Form.Item name="kind" label="This contact is">
            <Radio.Group
              optionType="button"
              options={(['organisation', 'person'] as const).map((value) => ({
                value,
                label: kindLabels[value],
              }))}
            />
          </Form.Item>
        )}
        <Row gutter={16}>
          <Col xs={24} md={kind === 'person' ? 12 : 24}>
            <Form.Item name="name" label="Name" rules={[rules.name]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          {kind === 'person' && (
            <Col xs={24} md={12}>
              <Form.Item name="jobTitle" label="Job title" rules={[rules.jobTitle]}>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
          )}
        </Row>
        {kind === 'person' && (
          <Form.Item name="organisationId" label="Organisation">
            <Select
              allowClear
              showSearch={{ filterOption: false, onSearch: setOrganisationSearch }}
              placeholder="Search the organisations"
              options={organisationOptions}
              notFoundContent={organisations.isFetching ? 'Searching…' : 'No organisation found'}
            />
          </Form.Item>
        )}
        <Form.Item name="roles" label="Roles">
          <Select
            mode="multiple"
            placeholder="Customer, carrier, agent…"
            options={contactRoles.map((value) => ({ value, label: contactRoleLabels[value] }))}
          />
        </Form.Item>
        <DuplicateWarning
          email={firstEmail}
          taxNumber={taxNumber}
          {...(contact ? { exceptId: contact._id } : {})}
        />

        <Typography.Title level={3} className="contact-form__section">
          E-mails
        </Typography.Title>
        <LabelledLines
          listName="emails"
          valueName="address"
          what="E-mail"
          addText="Add an e-mail"
          valueRule={rules.emailAddress}
          input={{ type: 'email', placeholder: 'name@company.com' }}
        />

        <Typography.Title level={3} className="contact-form__section">
          Phones
        </Typography.Title>
        <LabelledLines
          listName="phones"
          valueName="number"
          what="Phone"
          addText="Add a phone"
          valueRule={rules.phoneNumber}
          input={{ type: 'tel', placeholder: '+49 40 123456' }}
        />

        <Typography.Title level={3} className="contact-form__section">
          Addresses
        </Typography.Title>
        <Form.List name="addresses">
          {(lines, { add, remove }) => (
            <>
              {lines.map((line) => (
                <fieldset key={line.key} className="contact-form__address">
                  <legend>Address {line.name + 1}</legend>
                  <Row gutter={8}>
                    <Col xs={24} md={8}>
                      <Form.Item
                        name={[line.name, 'label']}
                        label="Label"
                        rules={[unlessBlank('addresses', line.name, rules.label)]}
                      >
                        <Input placeholder="Head office, warehouse…" />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={16}>
                      <Form.Item
                        name={[line.name, 'street']}
                        label="Street"
                        rules={[unlessBlank('addresses', line.name, rules.street)]}
                      >
                        <Input />
                      </Form.Item>
                    </Col>
                    <Col xs={10} md={6}>
                      <Form.Item
                        name={[line.name, 'postalCode']}
                        label="Postal code"
                        rules={[unlessBlank('addresses', line.name, rules.postalCode)]}
                      >
                        <Input />
                      </Form.Item>
                    </Col>
                    <Col xs={14} md={7}>
                      <Form.Item
                        name={[line.name, 'city']}
                        label="City"
                        rules={[unlessBlank('addresses', line.name, rules.city)]}
                      >
                        <Input />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={10}>
                      <Form.Item
                        name={[line.name, 'countryCode']}
                        label="Country"
                        rules={[unlessBlank('addresses', line.name, rules.countryCode)]}
                        required
                      >
                        <Select
                          showSearch={{ optionFilterProp: 'label' }}
                          options={countryOptions}
                          placeholder="Choose"
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={12}>
                      <Form.Item
                        name={[line.name, 'locationCode']}
                        label="Port or airport code"
                        rules={[unlessBlank('addresses', line.name, rules.locationCode)]}
                        normalize={(value?: string) => value?.toUpperCase()}
                      >
                        <Input placeholder="NLRTM or AMS" />
                      </Form.Item>
                    </Col>
                  </Row>
                  <Button
                    danger
                    type="link"
                    onClick={() => remove(line.name)}
                    aria-label={`Remove address ${line.name + 1}`}
                  >
                    Remove this address
                  </Button>
                </fieldset>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ countryCode: undefined })}>
                Add an address
              </Button>
            </>
          )}
        </Form.List>

        <Typography.Title level={3} className="contact-form__section">
          More
        </Typography.Title>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="taxNumber" label="Tax or VAT number" rules={[rules.taxNumber]}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="ownerId" label="Owner">
              <Select
                allowClear
                showSearch={{ filterOption: false, onSearch: setOwnerSearch }}
                placeholder={canReadUsers ? 'A colleague who looks after this contact' : 'Nobody'}
                options={ownerOptions}
                disabled={!canReadUsers && !knownOwner}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="tagIds" label="Tags">
          <Select
            mode="multiple"
            placeholder="Choose tags"
            optionFilterProp="label"
            options={(tags.data ?? []).map((tag) => ({ value: tag._id, label: tag.name }))}
            notFoundContent="No tags yet: create them with Tags on the contacts list."
          />
        </Form.Item>
        <Form.Item name="notes" label="Notes" rules={[rules.notes]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
