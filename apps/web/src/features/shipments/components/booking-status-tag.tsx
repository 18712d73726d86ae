import { bookingStatusLabels, type TBookingStatus } from '@cargodesk/shared';
import { Tag } from 'antd';
import { bookingStatusColor } from '../shipment-labels.ts';

/** The booking status as its word, coloured by where it stands. */
export const BookingStatusTag = ({ status }: { status: TBookingStatus }) => (
  <Tag color={bookingStatusColor(status)} style={{ marginInlineEnd: 0 }}>
    {bookingStatusLabels[status]}
  </Tag>
);
