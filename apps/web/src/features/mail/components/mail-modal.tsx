import { Modal, Tabs } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ComposeForm } from './compose-form.tsx';
import { SentList } from './sent-list.tsx';

export type TMailTab = 'compose' | 'sent';

/** What another screen opens the composer with: recipients and files already stored, by reference. */
export type TMailDraft = { to: string[]; fileIds: string[] };

/** The mail modal of docs/product.md §2: the composer, and the user's Sent list with each mail's status. */
export const MailModal = ({
  isOpen,
  onClose,
  companyName,
  initialTab = 'compose',
  draft,
}: {
  isOpen: boolean;
  onClose: () => void;
  companyName?: string;
  initialTab?: TMailTab;
  draft?: TMailDraft | undefined;
}) => {
  const [tab, setTab] = useState<TMailTab>(initialTab);
  const [hasDraft, setHasDraft] = useState(false);
  const [isAskingToDiscard, setIsAskingToDiscard] = useState(false);
  useEffect(() => {
    if (isOpen) setTab(initialTab);
  }, [isOpen, initialTab]);
  // Closing the tab with a draft written lets the browser ask too.
  useEffect(() => {
    if (!isOpen || !hasDraft) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isOpen, hasDraft]);

  const close = () => {
    setHasDraft(false);
    setIsAskingToDiscard(false);
    onClose();
  };
  const onDraftChange = useCallback((isWritten: boolean) => setHasDraft(isWritten), []);
  // The form's own answer at the moment of closing; `hasDraft` may still lag the last keystroke.
  const draftCheck = useRef<(() => boolean) | null>(null);
  const isDraftWrittenNow = () => draftCheck.current?.() ?? hasDraft;

  // The question is the composer's sibling, not its child: a dialog nested in one that closes with it
  // could leave the composer's frame on screen once its content was gone.
  return (
    <>
      <Modal
        title="Mail composer"
        open={isOpen}
        // Esc, the close button and a click beside the dialog all come here: a draft is not lost without asking.
        onCancel={() => (isDraftWrittenNow() ? setIsAskingToDiscard(true) : close())}
        footer={null}
        width={720}
        destroyOnHidden
      >
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
                  <ComposeForm
                    onSent={() => setTab('sent')}
                    onDraftChange={onDraftChange}
                    draftCheck={draftCheck}
                    draft={draft}
                  />
                </>
              ),
            },
            { key: 'sent', label: 'Sent', children: <SentList /> },
          ]}
        />
      </Modal>
      <Modal
        open={isAskingToDiscard}
        title="Discard this draft?"
        okText="Discard"
        okButtonProps={{ danger: true }}
        cancelText="Keep writing"
        onOk={close}
        onCancel={() => setIsAskingToDiscard(false)}
      >
        <p>The recipients, subject, message and attachments you have written are not sent and are lost.</p>
      </Modal>
    </>
  );
};
