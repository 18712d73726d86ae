import { Drawer, Empty } from 'antd';

/** The general-notification panel of spec §2; the notifications arrive with their issue. */
export const NotificationsDrawer = ({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) => (
  <Drawer title="Notifications" open={isOpen} onClose={onClose}>
    <Empty description="You have no new notifications." />
  </Drawer>
);
