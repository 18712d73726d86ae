import { Modal, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { ComposeForm } from './compose-form.tsx';
import { SentList } from './sent-list.tsx';

export type TMailTab = 'compose' | 'sent';

/** The mail modal of docs/product.md §2: the composer, and the user's Sent list with each mail's status. */
export const MailModal = ({
  isOpen,
  onClose,
  companyName,
  initialTab = 'compose',
}: {
  isOpen: boolean;
  onClose: () => void;
  companyName?: string;
  initialTab?: TMailTab;
}) => {
  const [tab, setTab] = useState<TMailTab>(initialTab);
  useEffect(() => {
    if (isOpen) setTab(initialTab);
  }, [isOpen, initialTab]);

  return (
    <Modal title="Mail composer" open={isOpen} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TMailTab)}
        items={[
          {
            key: 'compose',
            label: 'Compose',
            children: (
              <>
                {companyName && (
                  <p style={{ marginTop: 0, color: '#595959' }}>
                    Sent on behalf of {companyName}; replies come to you.
                  </p>
                )}
                <ComposeForm onSent={() => setTab('sent')} />
              </>
            ),
          },
          { key: 'sent', label: 'Sent', children: <SentList /> },
        ]}
      />
    </Modal>
  );
};
