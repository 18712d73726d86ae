import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DownOutlined,
  HolderOutlined,
  PlusOutlined,
  RightOutlined,
} from '@ant-design/icons';
import {
  defaultDropdowns,
  type TPicklistGroup,
  type TPicklistValue,
  uniquePicklistValueFromLabel,
  ZPicklistValueInput,
} from '@cargodesk/shared';
import {
  Button,
  Card,
  Checkbox,
  Empty,
  Form,
  Input,
  Menu,
  Select,
  Space,
  Switch,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import { type KeyboardEvent, useState } from 'react';
import { ConfirmDeleteButton } from '@/components/confirm-delete-button.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { QueryErrorAlert } from '@/components/query-error-alert.tsx';
import { ReadOnlyNotice } from '@/components/read-only-notice.tsx';
import { NotAllowedCard, RequirePermission } from '@/components/require-permission.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { useCan } from '@/lib/auth/permissions.ts';
import { zodRule } from '@/lib/forms/zod-rule.ts';
import { anyText, oneOf } from '@/lib/list/list-url.ts';
import { type TListStateResult, useListState } from '@/lib/list/use-list-state.ts';
import { notifyFailure, notifySuccess } from '@/lib/notify.ts';
import {
  useAddPicklistValue,
  useDeletePicklistValue,
  useDeletePicklistValues,
  usePicklistGroups,
  useReorderPicklist,
  useSetPicklistValuesActive,
  useUpdatePicklistValue,
} from '../api/picklists.ts';
import './picklists.css';

const modules = Object.keys(defaultDropdowns);
/** Each module by the screen its picklists fill in; the module's code is for programs. */
const moduleLabels: Record<string, string> = { home: 'Company profile' };

/** A new value's tag colour when one is asked for: the brand's, which the user then changes. */
const defaultTagColour = '#13756b';

type TNewValue = { label: string; value?: string; colour?: string };
type TPicklistFilters = { module: string; list: string };

// The server's schemas for a new value; the texts people already know (and e2e/picklists.spec.ts reads) stay.
const labelRule = zodRule(ZPicklistValueInput.shape.label, {
  label: 'The label',
  messages: { too_small: 'Please enter the label.' },
});
const valueRule = zodRule(ZPicklistValueInput.shape.value, {
  label: 'The value code',
  messages: { invalid_format: 'Lower-case letters, digits and underscores, starting with a letter.' },
});

/** The values whose label or value code holds the search text, case aside. */
const matching = (values: TPicklistValue[], q: string) => {
  const text = q.toLowerCase();
  return text
    ? values.filter((value) => value.label.toLowerCase().includes(text) || value.value.includes(text))
    : values;
};

/** The value ids in the new order after moving `from` to `to`. */
const moved = (values: TPicklistValue[], from: number, to: number) => {
  const ids = values.map((value) => value._id);
  const [id] = ids.splice(from, 1);
  if (id !== undefined) ids.splice(to, 0, id);
  return ids;
};

const PicklistValues = ({
  module,
  group,
  canWrite,
  list,
  isFetching,
}: {
  module: string;
  group: TPicklistGroup;
  canWrite: boolean;
  list: TListStateResult<TPicklistFilters, never>;
  isFetching: boolean;
}) => {
  const reorder = useReorderPicklist(module);
  const add = useAddPicklistValue(module);
  const update = useUpdatePicklistValue(module);
  const remove = useDeletePicklistValue(module);
  const setActive = useSetPicklistValuesActive(module);
  const removeMany = useDeletePicklistValues(module);
  const activeAction = (isActive: boolean) => ({
    label: isActive ? 'Make active' : 'Make inactive',
    run: async (picked: TPicklistValue[]) => {
      const changing = picked.filter((value) => value.isActive !== isActive);
      if (changing.length > 0) {
        await setActive.mutateAsync({ valueIds: changing.map((value) => value._id), isActive });
      }
      const count = `${changing.length} ${changing.length === 1 ? 'value' : 'values'}`;
      notifySuccess(`${count} ${isActive ? 'made active' : 'made inactive'}`);
    },
  });
  const [form] = Form.useForm<TNewValue>();
  // The value code follows the label until the user writes their own; most never see it.
  const [isValueTyped, setIsValueTyped] = useState(false);
  const [isAdvancedOpen, setIsAdvancedOpen] = useState(false);
  const [areCodesShown, setAreCodesShown] = useState(false);
  const [hasColour, setHasColour] = useState(false);
  const [dragging, setDragging] = useState<number>();
  const [announcement, setAnnouncement] = useState('');
  const values = group.values;
  const shown = matching(values, list.q);
  // Positions are those of the whole list: reordering waits until the search is cleared.
  const canReorder = canWrite && !list.q;

  const move = (from: number, to: number) => {
    if (to < 0 || to >= values.length || from === to) return;
    const label = values[from]?.label ?? '';
    reorder.mutate(
      { groupId: group._id, valueIds: moved(values, from, to) },
      {
        onSuccess: () => {
          setAnnouncement(`${label} moved to position ${to + 1} of ${values.length}`);
          // Keep the keyboard on the handle of the value that moved.
          window.requestAnimationFrame(() =>
            document.querySelector<HTMLElement>(`[data-move-handle="${values[from]?._id}"]`)?.focus(),
          );
        },
      },
    );
  };

  const onHandleKey = (event: KeyboardEvent, index: number) => {
    if (event.key === 'ArrowUp') {
      event.preventDefault();
      move(index, index - 1);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      move(index, index + 1);
    }
  };

  const onAdd = async (input: TNewValue) => {
    try {
      await add.mutateAsync({
        groupId: group._id,
        // No value code: the server makes one from the label, as the field would have.
        input: {
          label: input.label.trim(),
          ...(input.value?.trim() ? { value: input.value.trim() } : {}),
          ...(input.colour ? { colour: input.colour } : {}),
        },
      });
      notifySuccess(`${input.label} added to ${group.label}`);
      form.resetFields();
      setIsValueTyped(false);
      setIsAdvancedOpen(false);
      setHasColour(false);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONFLICT') {
        setIsAdvancedOpen(true);
        form.setFields([{ name: 'value', errors: [error.message] }]);
        return;
      }
      notifyFailure(error);
    }
  };

  const columns: TableProps<TPicklistValue>['columns'] = [
    ...(canReorder
      ? [
          {
            key: 'move',
            title: <span className="visually-hidden">Order</span>,
            width: 120,
            render: (_: unknown, value: TPicklistValue, index: number) => (
              <Space size={0}>
                <Button
                  type="text"
                  icon={<HolderOutlined />}
                  data-move-handle={value._id}
                  aria-label={`Move ${value.label}: drag, or use the arrow up and down keys`}
                  aria-keyshortcuts="ArrowUp ArrowDown"
                  style={{ cursor: 'grab' }}
                  onKeyDown={(event) => onHandleKey(event, index)}
                />
                <Button
                  type="text"
                  icon={<ArrowUpOutlined />}
                  aria-label={`Move ${value.label} up`}
                  disabled={index === 0 || reorder.isPending}
                  onClick={() => move(index, index - 1)}
                />
                <Button
                  type="text"
                  icon={<ArrowDownOutlined />}
                  aria-label={`Move ${value.label} down`}
                  disabled={index === values.length - 1 || reorder.isPending}
                  onClick={() => move(index, index + 1)}
                />
              </Space>
            ),
          },
        ]
      : []),
    { key: 'order', title: '#', width: 48, render: (_, value) => values.indexOf(value) + 1 },
    {
      key: 'label',
      title: 'Label',
      render: (_, value) => (value.colour ? <Tag color={value.colour}>{value.label}</Tag> : value.label),
    },
    ...(areCodesShown ? [{ key: 'value', dataIndex: 'value', title: 'Value code' }] : []),
    {
      key: 'active',
      title: 'Active',
      // A reader sees the state in words: a switch they cannot move would look like one to press.
      render: (_, value) =>
        canWrite ? (
          <Switch
            checked={value.isActive}
            aria-label={`${value.label} active`}
            onChange={(checked) => update.mutate({ valueId: value._id, input: { isActive: checked } })}
          />
        ) : value.isActive ? (
          <Tag color="success">Active</Tag>
        ) : (
          <Tag>Inactive</Tag>
        ),
    },
    ...(canWrite
      ? [
          {
            key: 'actions',
            title: 'Actions',
            render: (_: unknown, value: TPicklistValue) => (
              <ConfirmDeleteButton
                label={`Delete ${value.label}`}
                question={`Delete ${value.label}?`}
                description="Records that use it keep the value; it is no longer offered."
                onConfirm={() => remove.mutate(value._id)}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <section aria-label={group.label}>
      <ListPage<TPicklistValue, TPicklistFilters, never>
        cardTitleKey="label"
        title={group.label}
        isEmbedded
        isPaged={false}
        size="small"
        intro={
          <>
            {!canWrite && <ReadOnlyNotice what="the picklists" permission="picklists:write" />}
            <Typography.Paragraph type="secondary">
              Inactive values stay on old records but are not offered.{' '}
              {canWrite &&
                (canReorder
                  ? 'Drag a row by its handle, or focus the handle and press the arrow keys, to reorder.'
                  : 'Clear the search to reorder.')}
            </Typography.Paragraph>
            {/* The codes programs and imports read: there for whoever needs them, not in everyone's way. */}
            <Checkbox
              checked={areCodesShown}
              onChange={(event) => setAreCodesShown(event.target.checked)}
              style={{ marginBottom: 12 }}
            >
              Show value codes
            </Checkbox>
            <div aria-live="polite" className="visually-hidden">
              {announcement}
            </div>
          </>
        }
        search={{
          label: 'Search this picklist',
          placeholder: 'Search by label',
          regionLabel: 'Find in this picklist',
          width: 240,
        }}
        list={list}
        query={{
          data: { data: shown, meta: { total: shown.length, page: 1, pageSize: shown.length } },
          isLoading: false,
          isFetching: isFetching || reorder.isPending,
          isError: false,
          error: null,
          refetch: () => undefined,
        }}
        columns={columns}
        noun={{ one: 'value', other: 'values' }}
        empty={{ filtered: 'No values match your search.', unfiltered: 'No values yet.' }}
        bulk={
          canWrite
            ? {
                rowLabel: (value) => value.label,
                actions: [
                  activeAction(true),
                  activeAction(false),
                  {
                    label: 'Delete',
                    isDanger: true,
                    confirm: {
                      title: (count) => `Delete ${count} ${count === 1 ? 'value' : 'values'}?`,
                      description: 'Records that use them keep the value; they are no longer offered.',
                      okText: 'Delete',
                    },
                    run: async (picked) => {
                      await removeMany.mutateAsync(picked.map((value) => value._id));
                      notifySuccess(
                        `${picked.length} ${picked.length === 1 ? 'value' : 'values'} deleted from ${group.label}`,
                      );
                    },
                  },
                ],
              }
            : undefined
        }
        notAllowed={{ what: 'the picklists' }}
        export={{
          fileName: `picklist-${group.key}.csv`,
          // The values are all on screen already: the export is the ones the search shows.
          fetchPage: async () => ({
            data: shown,
            meta: { total: shown.length, page: 1, pageSize: shown.length },
          }),
          columns: [
            { title: 'Position', value: (value) => values.indexOf(value) + 1 },
            { title: 'Label', value: (value) => value.label },
            { title: 'Value code', value: (value) => value.value },
            { title: 'Active', value: (value) => (value.isActive ? 'yes' : 'no') },
            { title: 'Colour', value: (value) => value.colour },
          ],
        }}
        onRow={(value) => {
          const index = values.indexOf(value);
          return canReorder && index >= 0
            ? {
                draggable: true,
                onDragStart: (event) => {
                  setDragging(index);
                  event.dataTransfer.effectAllowed = 'move';
                },
                onDragOver: (event) => event.preventDefault(),
                onDrop: (event) => {
                  event.preventDefault();
                  if (dragging !== undefined) move(dragging, index);
                  setDragging(undefined);
                },
                onDragEnd: () => setDragging(undefined),
                style: dragging === index ? { opacity: 0.5 } : undefined,
              }
            : {};
        }}
      />
      {canWrite && (
        <Form
          form={form}
          name="new-picklist-value"
          layout="inline"
          onFinish={onAdd}
          onValuesChange={(changed: Partial<TNewValue>) => {
            if ('value' in changed) setIsValueTyped(Boolean(changed.value));
            if (changed.label !== undefined && !isValueTyped) {
              const taken = values.map((value) => value.value);
              form.setFieldValue('value', uniquePicklistValueFromLabel(changed.label, taken));
            }
          }}
          // A code refused while folded away would leave Add doing nothing in sight: unfold it.
          onFinishFailed={({ errorFields }) => {
            if (errorFields.some((field) => field.name[0] === 'value')) setIsAdvancedOpen(true);
          }}
          style={{ marginTop: 16, rowGap: 8 }}
        >
          <Form.Item name="label" label="Label" rules={[labelRule]}>
            <Input autoComplete="off" />
          </Form.Item>
          {/* No colour until one is asked for: a colour field always holds one, and "" is none. */}
          <Form.Item label="Colour" htmlFor="new-picklist-value-colour-toggle">
            <Space>
              <Checkbox
                id="new-picklist-value-colour-toggle"
                checked={hasColour}
                onChange={(event) => {
                  setHasColour(event.target.checked);
                  form.setFieldValue('colour', event.target.checked ? defaultTagColour : undefined);
                }}
              >
                A colour for its tag
              </Checkbox>
              {hasColour && (
                <Form.Item name="colour" noStyle>
                  <Input type="color" aria-label="Tag colour" style={{ width: 56 }} />
                </Form.Item>
              )}
            </Space>
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit" icon={<PlusOutlined />} loading={add.isPending}>
              Add value
            </Button>
          </Form.Item>
          <Form.Item>
            <Button
              type="link"
              icon={isAdvancedOpen ? <DownOutlined /> : <RightOutlined />}
              aria-expanded={isAdvancedOpen}
              aria-controls="new-picklist-value-advanced"
              onClick={() => setIsAdvancedOpen(!isAdvancedOpen)}
              style={{ paddingInline: 0 }}
            >
              Advanced
            </Button>
          </Form.Item>
          {/* Kept in the form while folded, so the code made from the label is sent and checked. */}
          <div id="new-picklist-value-advanced" hidden={!isAdvancedOpen} style={{ flexBasis: '100%' }}>
            <Form.Item
              name="value"
              label="Value code"
              rules={[valueRule]}
              // Emptied, the code is none rather than "": the server makes it from the label.
              normalize={(typed: string) => typed || undefined}
              extra="Made from the label. Programs and imports use it, and it stays as it is once the value is added."
            >
              <Input autoComplete="off" style={{ maxWidth: 320 }} />
            </Form.Item>
          </div>
        </Form>
      )}
    </section>
  );
};

const Picklists = () => {
  const canWrite = useCan('picklists:write');
  // The module, the picklist and the search are in the URL: a link or a reload opens the same list.
  const list = useListState<TPicklistFilters, never>({
    filters: { module: oneOf(modules), list: anyText },
    sortFields: [],
  });
  const module = list.filters.module ?? modules[0] ?? 'home';
  const groups = usePicklistGroups(module);
  const selected = groups.data?.find((group) => group.key === list.filters.list) ?? groups.data?.[0];

  if (groups.error instanceof ApiError && groups.error.status === 403)
    return <NotAllowedCard title="Picklists" what="the picklists" />;
  return (
    <Card>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }} wrap>
        <Typography.Title level={2} style={{ margin: 0 }}>
          Picklists
        </Typography.Title>
        <Space>
          <label htmlFor="picklist-module">Module</label>
          <Select
            id="picklist-module"
            value={module}
            onChange={(value: string) => list.setFilters({ module: value, list: undefined })}
            style={{ width: 240 }}
            options={modules.map((name) => ({ value: name, label: moduleLabels[name] ?? name }))}
          />
        </Space>
      </Space>
      <QueryErrorAlert query={groups} />
      {groups.isLoading && <Typography.Paragraph>Loading picklists…</Typography.Paragraph>}
      {groups.data && groups.data.length === 0 && <Empty description="This module has no picklists yet." />}
      {groups.data && selected && (
        <div className="picklists-layout">
          <nav aria-label="Picklists of this module">
            <Menu
              mode="inline"
              selectedKeys={[selected.key]}
              onClick={({ key }) => list.setFilter('list', key)}
              items={groups.data.map((group) => ({ key: group.key, label: group.label }))}
            />
          </nav>
          <PicklistValues
            module={module}
            group={selected}
            canWrite={canWrite}
            list={list}
            isFetching={groups.isFetching}
          />
        </div>
      )}
    </Card>
  );
};

/** /settings/picklist: the company's picklists per module, their values, order and colours. */
export const PicklistsRoute = () => (
  <RequirePermission permission="picklists:read" title="Picklists" what="the picklists">
    <Picklists />
  </RequirePermission>
);
