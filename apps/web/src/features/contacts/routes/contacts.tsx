import { PlusOutlined, TagsOutlined, UploadOutlined } from '@ant-design/icons';
import {
  contactKinds,
  contactRoleLabels,
  contactRoles,
  type TContactKind,
  type TContactListQuery,
  type TContactRole,
  type TContactSummary,
} from '@cargodesk/shared';
import { Button, Space, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ClippedText } from '@/components/clipped-text.tsx';
import { ListFilterSelects, labelledOptions, type TListFilter } from '@/components/list-filter-select.tsx';
import { ListPage, type TBulkAction } from '@/components/list-page.tsx';
import { ReadOnlyNotice } from '@/components/read-only-notice.tsx';
import { RequirePermission } from '@/components/require-permission.tsx';
import { SavedFilters } from '@/components/saved-filters.tsx';
import { paths } from '@/config/paths.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { useCountryOptions } from '@/lib/country-options.ts';
import { useFormat } from '@/lib/format/format-store.ts';
import { anyText, oneOf } from '@/lib/list/list-url.ts';
import { useListState } from '@/lib/list/use-list-state.ts';
import { notifySuccess } from '@/lib/notify.ts';
import {
  downloadContactsCsv,
  useBulkContacts,
  useContacts,
  useContactTags,
  useDeleteSavedFilter,
  useSavedFilters,
  useSaveFilter,
} from '../api/contacts.ts';
import { BulkTagModal, type TBulkTagRequest } from '../components/bulk-tag-modal.tsx';
import { ContactFormModal } from '../components/contact-form-modal.tsx';
import { ContactTags } from '../components/contact-tags.tsx';
import { DuplicatesDrawer } from '../components/duplicates-drawer.tsx';
import { ImportModal } from '../components/import-modal.tsx';
import { TagsModal } from '../components/tags-modal.tsx';
import { kindLabels } from '../contact-labels.ts';

type TContactFilters = {
  kind: TContactKind;
  role: TContactRole;
  tagId: string;
  countryCode: string;
};
type TSortField = 'name' | 'city' | 'countryCode' | 'createdAt' | 'updatedAt';

const kindOptions = labelledOptions(contactKinds, kindLabels);
const roleOptions = labelledOptions(contactRoles, contactRoleLabels);

const ContactsScreen = () => {
  const { formatDateTime } = useFormat();
  const canWrite = useCan('contacts:write');
  const [isCreating, setIsCreating] = useState(false);
  const [isManagingTags, setIsManagingTags] = useState(false);
  const [isShowingDuplicates, setIsShowingDuplicates] = useState(false);
  const [isImporting, setIsImporting] = useState(false);
  const [bulkTag, setBulkTag] = useState<TBulkTagRequest>();
  const list = useListState<TContactFilters, TSortField>({
    filters: {
      kind: oneOf(contactKinds),
      role: oneOf(contactRoles),
      tagId: anyText,
      countryCode: anyText,
    },
    sortFields: ['name', 'city', 'countryCode', 'createdAt', 'updatedAt'],
  });
  const query = list.query as Partial<TContactListQuery>;
  const contacts = useContacts(query);
  const savedFilters = { filters: useSavedFilters(), save: useSaveFilter(), remove: useDeleteSavedFilter() };
  const tags = useContactTags();
  const tagOptions = (tags.data ?? []).map((tag) => ({ value: tag._id, label: tag.name }));
  const bulk = useBulkContacts();
  const { options: countryOptions } = useCountryOptions();
  const filters: TListFilter<TContactFilters>[] = [
    { name: 'kind', by: 'kind', placeholder: 'Organisations and people', width: 220, options: kindOptions },
    { name: 'role', by: 'role', placeholder: 'All roles', width: 160, options: roleOptions },
    {
      name: 'tagId',
      by: 'tag',
      placeholder: 'All tags',
      width: 170,
      isSearchable: true,
      options: tagOptions,
    },
    {
      name: 'countryCode',
      by: 'country',
      placeholder: 'All countries',
      width: 200,
      isSearchable: true,
      options: countryOptions,
    },
  ];

  const columns: TableProps<TContactSummary>['columns'] = [
    {
      key: 'name',
      title: 'Name',
      sorter: true,
      render: (_, contact) => (
        <Space direction="vertical" size={0}>
          <ClippedText text={contact.name} maxWidth="18rem">
            <Link to={paths.contactDetail.href({ id: contact._id })}>{contact.name}</Link>
          </ClippedText>
          {contact.organisation && (
            <Typography.Text type="secondary">
              <ClippedText text={contact.organisation.name} maxWidth="18rem" />
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      key: 'kind',
      title: 'Kind',
      width: 130,
      render: (_, contact) => kindLabels[contact.kind],
    },
    {
      key: 'roles',
      title: 'Roles',
      render: (_, contact) => contact.roles.map((role) => contactRoleLabels[role]).join(', '),
    },
    {
      key: 'email',
      title: 'E-mail',
      render: (_, contact) =>
        contact.email && (
          <ClippedText text={contact.email}>
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
          </ClippedText>
        ),
    },
    {
      key: 'phone',
      title: 'Phone',
      render: (_, contact) => <span className="one-line">{contact.phone}</span>,
    },
    { key: 'city', title: 'City', sorter: true, width: 130, render: (_, contact) => contact.city },
    {
      key: 'countryCode',
      title: 'Country',
      sorter: true,
      width: 110,
      render: (_, contact) => contact.countryCode,
    },
    { key: 'tags', title: 'Tags', render: (_, contact) => <ContactTags tags={contact.tags} /> },
    { key: 'owner', title: 'Owner', render: (_, contact) => contact.owner?.name },
    {
      key: 'updatedAt',
      title: 'Last change',
      sorter: true,
      width: 170,
      render: (_, contact) => <time dateTime={contact.updatedAt}>{formatDateTime(contact.updatedAt)}</time>,
    },
  ];

  const askForTag = (action: 'tag' | 'untag') => (rows: TContactSummary[]) =>
    new Promise<void>((resolve, reject) => setBulkTag({ action, rows, resolve, reject }));

  const bulkActions: TBulkAction<TContactSummary>[] = [
    { label: 'Add a tag…', run: askForTag('tag') },
    { label: 'Remove a tag…', run: askForTag('untag') },
    {
      label: 'Delete',
      isDanger: true,
      confirm: {
        title: (count) => `Delete ${count === 1 ? 'this contact' : `${count} contacts`}?`,
        description: 'An organisation’s people stay, without the organisation.',
        okText: 'Delete',
      },
      run: async (rows) => {
        const { changed } = await bulk.mutateAsync({ action: 'delete', ids: rows.map((row) => row._id) });
        notifySuccess(changed === 1 ? '1 contact deleted' : `${changed} contacts deleted`);
      },
    },
  ];

  return (
    <>
      <ListPage<TContactSummary, TContactFilters, TSortField>
        title="Contacts"
        intro={
          <>
            <p>
              The organisations and people your company works with: customers, shippers, consignees, carriers
              and agents.
            </p>
            {!canWrite && <ReadOnlyNotice what="the company's contacts" permission="contacts:write" />}
          </>
        }
        actions={
          canWrite && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsCreating(true)}>
              New contact
            </Button>
          )
        }
        moreActions={[
          { label: 'Possible duplicates', onClick: () => setIsShowingDuplicates(true) },
          { label: 'Tags', icon: <TagsOutlined />, onClick: () => setIsManagingTags(true) },
          ...(canWrite
            ? [{ label: 'Import', icon: <UploadOutlined />, onClick: () => setIsImporting(true) }]
            : []),
        ]}
        search={{
          label: 'Search contacts',
          placeholder: 'Name, e-mail, phone, city or tax number',
          regionLabel: 'Find contacts',
          width: 320,
        }}
        filters={
          <>
            <ListFilterSelects list={list} filters={filters} />
            <SavedFilters
              store={savedFilters}
              sharePermission="contacts:write"
              formName="save-contact-filter"
              query={list.query}
              isFiltered={list.isFiltered}
              onApply={list.applyQuery}
            />
          </>
        }
        list={list}
        query={contacts}
        columns={columns}
        tableMinWidth={1240}
        noun={{ one: 'contact', other: 'contacts' }}
        empty={{
          unfiltered: 'No contacts yet. Add your first customer or carrier with New contact.',
        }}
        notAllowed={{ what: 'the contacts of your company' }}
        {...(canWrite
          ? { bulk: { actions: bulkActions, rowLabel: (contact: TContactSummary) => contact.name } }
          : {})}
        export={{ fileName: 'contacts.csv', download: () => downloadContactsCsv(query) }}
      />
      {isCreating && <ContactFormModal onClose={() => setIsCreating(false)} />}
      <TagsModal isOpen={isManagingTags} canWrite={canWrite} onClose={() => setIsManagingTags(false)} />
      <DuplicatesDrawer
        isOpen={isShowingDuplicates}
        canWrite={canWrite}
        onClose={() => setIsShowingDuplicates(false)}
      />
      <BulkTagModal request={bulkTag} onDone={() => setBulkTag(undefined)} />
      <ImportModal isOpen={isImporting} onClose={() => setIsImporting(false)} />
    </>
  );
};

/** /contacts: the company's organisations and people, searched, filtered, tagged and exported. */
export const ContactsRoute = () => (
  <RequirePermission permission="contacts:read" title="Contacts" what="the contacts of your company">
    <ContactsScreen />
  </RequirePermission>
);
