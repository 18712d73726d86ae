import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { ListPage, type TListPageProps } from '@/components/list-page.tsx';

type TNoFilters = Record<string, never>;

/**
 * The roles and the groups tabs are one list for two things: embedded in the settings tab, searched
 * by name or description, with a Create button for whoever may write, and each row opening its modal.
 */
export const AccessList = <TRow extends object, TField extends string>({
  noun,
  canWrite,
  onCreate,
  ...listPage
}: Omit<TListPageProps<TRow, TNoFilters, TField>, 'isEmbedded' | 'title' | 'actions' | 'search'> & {
  canWrite: boolean;
  onCreate: () => void;
}) => (
  <ListPage<TRow, TNoFilters, TField>
    isEmbedded
    // The tab above names the list.
    isTitleShown={false}
    title={`${noun.other.charAt(0).toUpperCase()}${noun.other.slice(1)}`}
    actions={
      canWrite && (
        <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
          Create {noun.one}
        </Button>
      )
    }
    search={{
      label: `Search ${noun.other}`,
      placeholder: 'Search by name or description',
      regionLabel: `Find ${noun.other}`,
    }}
    noun={noun}
    {...listPage}
  />
);
