import { ArrowLeftOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { contactRoleLabels, type TContact } from '@cargodesk/shared';
import { Button, Card, Descriptions, Empty, Flex, List, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { HistoryButton } from '@/components/history/history-drawer.tsx';
import { RecordPlaceholder } from '@/components/record-placeholder.tsx';
import { RequirePermission } from '@/components/require-permission.tsx';
import { paths } from '@/config/paths.ts';
import { toErrorMessage } from '@/lib/api-client.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { useCountryOptions } from '@/lib/country-options.ts';
import { useFormat } from '@/lib/format/format-store.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useContact, useDeleteContact, useMailsTo } from '../api/contacts.ts';
import { ContactFormModal } from '../components/contact-form-modal.tsx';
import { ContactTags } from '../components/contact-tags.tsx';
import { kindLabels } from '../contact-labels.ts';
import './contact-detail.css';

const BackToContacts = () => (
  <Link to={paths.contacts.href()}>
    <ArrowLeftOutlined aria-hidden /> All contacts
  </Link>
);

const labelled = (label: string, value: string) => (label ? `${value} (${label})` : value);

const ContactDetails = ({ contact }: { contact: TContact }) => {
  const { formatDateTime } = useFormat();
  const { nameOf: countryName } = useCountryOptions();
  const items = [
    { key: 'kind', label: 'Kind', children: kindLabels[contact.kind] },
    ...(contact.organisation
      ? [
          {
            key: 'organisation',
            label: 'Organisation',
            children: (
              <Link to={paths.contactDetail.href({ id: contact.organisation._id })}>
                {contact.organisation.name}
              </Link>
            ),
          },
        ]
      : []),
    ...(contact.jobTitle ? [{ key: 'jobTitle', label: 'Job title', children: contact.jobTitle }] : []),
    {
      key: 'roles',
      label: 'Roles',
      children:
        contact.roles.length > 0 ? contact.roles.map((role) => contactRoleLabels[role]).join(', ') : 'None',
    },
    {
      key: 'emails',
      label: 'E-mails',
      children:
        contact.emails.length > 0 ? (
          <ul className="contact-detail__lines">
            {contact.emails.map((email) => (
              <li key={email.address}>
                <a href={`mailto:${email.address}`}>{email.address}</a>
                {email.label && <Typography.Text type="secondary"> · {email.label}</Typography.Text>}
              </li>
            ))}
          </ul>
        ) : (
          'None'
        ),
    },
    {
      key: 'phones',
      label: 'Phones',
      children:
        contact.phones.length > 0 ? (
          <ul className="contact-detail__lines">
            {contact.phones.map((phone) => (
              <li key={phone.number}>
                <a href={`tel:${phone.number.replace(/[^\d+]/g, '')}`}>
                  {labelled(phone.label, phone.number)}
                </a>
              </li>
            ))}
          </ul>
        ) : (
          'None'
        ),
    },
    { key: 'taxNumber', label: 'Tax or VAT number', children: contact.taxNumber ?? '—' },
    { key: 'owner', label: 'Owner', children: contact.owner?.name ?? 'Nobody' },
    {
      key: 'tags',
      label: 'Tags',
      children: contact.tags.length > 0 ? <ContactTags tags={contact.tags} /> : 'None',
    },
    {
      key: 'changed',
      label: 'Added · last change',
      children: `${formatDateTime(contact.createdAt)} · ${formatDateTime(contact.updatedAt)}`,
    },
  ];
  return (
    <>
      <Descriptions bordered column={{ xs: 1, md: 2 }} items={items} size="small" />
      <Typography.Title level={2} className="contact-detail__heading">
        Addresses
      </Typography.Title>
      {contact.addresses.length === 0 ? (
        <Typography.Paragraph type="secondary">No address yet.</Typography.Paragraph>
      ) : (
        <div className="contact-detail__addresses">
          {contact.addresses.map((address, index) => (
            <Card
              // Addresses have no id and may repeat; the list changes only by a save, re-rendered whole.
              // biome-ignore lint/suspicious/noArrayIndexKey: the place in the list is what tells them apart.
              key={index}
              size="small"
              title={address.label || `Address ${index + 1}`}
            >
              <address>
                {address.street && <div>{address.street}</div>}
                <div>{[address.postalCode, address.city].filter(Boolean).join(' ')}</div>
                {address.region && <div>{address.region}</div>}
                <div>{countryName(address.countryCode)}</div>
                {address.locationCode && <div>Served by {address.locationCode}</div>}
              </address>
            </Card>
          ))}
        </div>
      )}
      {contact.notes && (
        <>
          <Typography.Title level={2} className="contact-detail__heading">
            Notes
          </Typography.Title>
          <Typography.Paragraph className="contact-detail__notes">{contact.notes}</Typography.Paragraph>
        </>
      )}
    </>
  );
};

const People = ({
  contact,
  canWrite,
  onAdd,
}: {
  contact: TContact;
  canWrite: boolean;
  onAdd: () => void;
}) => (
  <>
    <Flex justify="space-between" align="center" wrap gap="small">
      <Typography.Title level={2} className="contact-detail__heading">
        People
      </Typography.Title>
      {canWrite && (
        <Button icon={<PlusOutlined />} onClick={onAdd}>
          Add a person
        </Button>
      )}
    </Flex>
    {contact.people.length === 0 ? (
      <Empty description={`Nobody at ${contact.name} yet.`} />
    ) : (
      <List
        size="small"
        bordered
        dataSource={contact.people}
        renderItem={(person) => (
          <List.Item>
            <Link to={paths.contactDetail.href({ id: person._id })}>{person.name}</Link>
            <Typography.Text type="secondary">
              {[person.jobTitle, person.email].filter(Boolean).join(' · ')}
            </Typography.Text>
          </List.Item>
        )}
      />
    )}
    {contact.people.length >= 100 && (
      <Link to={`${paths.contacts.href()}?organisationId=${contact._id}`}>Everyone at {contact.name}</Link>
    )}
  </>
);

const statusLabels = { queued: 'Queued', sent: 'Sent', failed: 'Failed' } as const;

/** The signed-in user's own mails to this contact (the sent list is each user's own). */
const MailsTo = ({ contact }: { contact: TContact }) => {
  const { formatDateTime } = useFormat();
  const canMail = useCan('mail:send');
  const mails = useMailsTo(
    contact.emails.map((email) => email.address),
    canMail,
  );
  if (!canMail || contact.emails.length === 0) return null;
  return (
    <>
      <Typography.Title level={2} className="contact-detail__heading">
        Your mails to {contact.name}
      </Typography.Title>
      {mails.isError ? (
        <Typography.Paragraph type="danger">{toErrorMessage(mails.error)}</Typography.Paragraph>
      ) : mails.data?.data.length === 0 ? (
        <Typography.Paragraph type="secondary">
          You have not written to this contact from Cargodesk yet.
        </Typography.Paragraph>
      ) : (
        <List
          size="small"
          bordered
          loading={mails.isLoading}
          dataSource={mails.data?.data ?? []}
          renderItem={(mail) => (
            <List.Item>
              <span>{mail.subject}</span>
              <Typography.Text type="secondary">
                {statusLabels[mail.status]} · {formatDateTime(mail.sentAt ?? mail.createdAt)}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
    </>
  );
};

const ContactScreen = () => {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const canWrite = useCan('contacts:write');
  const contact = useContact(id);
  const remove = useDeleteContact();
  const [editing, setEditing] = useState<'contact' | 'person'>();

  if (contact.isPending || contact.isError)
    return (
      <RecordPlaceholder
        error={contact.error}
        noun="contact"
        missingText="This contact does not exist in your company, or was deleted."
        back={<BackToContacts />}
      />
    );
  const shown = contact.data;
  return (
    <Card>
      <BackToContacts />
      <Flex justify="space-between" align="center" wrap gap="small" className="contact-detail__title">
        <Typography.Title level={1} style={{ margin: 0, fontSize: 24 }}>
          {shown.name}
        </Typography.Title>
        <Space wrap>
          <HistoryButton entityType="contact" entityId={shown._id} title={`History of ${shown.name}`} />
          {canWrite && (
            <>
              <Button icon={<EditOutlined />} type="primary" onClick={() => setEditing('contact')}>
                Edit
              </Button>
              <Popconfirm
                title={`Delete ${shown.name}?`}
                description={
                  shown.kind === 'organisation' ? 'Its people stay, without the organisation.' : undefined
                }
                okText="Delete"
                okButtonProps={{ danger: true, loading: remove.isPending }}
                onConfirm={() =>
                  remove.mutate(shown._id, {
                    onSuccess: () => {
                      notifySuccess(`${shown.name} deleted`);
                      navigate(paths.contacts.href());
                    },
                  })
                }
              >
                <Button danger>Delete</Button>
              </Popconfirm>
            </>
          )}
        </Space>
      </Flex>
      <ContactDetails contact={shown} />
      {shown.kind === 'organisation' && (
        <People contact={shown} canWrite={canWrite} onAdd={() => setEditing('person')} />
      )}
      <MailsTo contact={shown} />
      {editing === 'contact' && <ContactFormModal contact={shown} onClose={() => setEditing(undefined)} />}
      {editing === 'person' && (
        <ContactFormModal
          initialKind="person"
          initialOrganisation={{ _id: shown._id, name: shown.name }}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Card>
  );
};

/** /contacts/{id}: a contact's details, addresses, people and tags, with its history. */
export const ContactDetailRoute = () => (
  <RequirePermission permission="contacts:read" title="Contact" what="the contacts of your company">
    <ContactScreen />
  </RequirePermission>
);
