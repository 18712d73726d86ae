import { MailOutlined } from '@ant-design/icons';
import { Empty, Modal } from 'antd';

/** The mail modal of spec §2; composing arrives with the mail issue. */
export const MailModal = ({
  isOpen,
  onClose,
  companyName,
}: {
  isOpen: boolean;
  onClose: () => void;
  companyName?: string;
}) => (
  <Modal title="Mail composer" open={isOpen} onCancel={onClose} footer={null} destroyOnHidden>
    <Empty
      image={<MailOutlined style={{ fontSize: 48, color: '#13756b' }} />}
      description={
        <>
          Sending mail from Cargodesk is coming soon.
          {companyName && <div>Messages will be sent on behalf of {companyName}.</div>}
        </>
      }
    />
  </Modal>
);
