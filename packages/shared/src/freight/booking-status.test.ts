import { describe, expect, it } from 'vitest';
import {
  bookingMoveRefusal,
  bookingStatuses,
  bookingStatusLabels,
  bookingTransitions,
  bookingTransitionsFrom,
  canMoveBooking,
  finalBookingStatuses,
  type TBookingStatus,
} from './booking-status.ts';

// The legal moves of DCSA Booking 2.0, written out again so that a change to the table shows here.
const legal: Record<TBookingStatus, TBookingStatus[]> = {
  RECEIVED: ['PENDING_UPDATE', 'UPDATE_RECEIVED', 'CONFIRMED', 'REJECTED', 'CANCELLED'],
  PENDING_UPDATE: ['UPDATE_RECEIVED', 'REJECTED', 'CANCELLED'],
  UPDATE_RECEIVED: ['PENDING_UPDATE', 'CONFIRMED', 'REJECTED', 'CANCELLED'],
  CONFIRMED: ['PENDING_AMENDMENT', 'DECLINED', 'COMPLETED', 'CANCELLED'],
  PENDING_AMENDMENT: ['CONFIRMED', 'DECLINED', 'CANCELLED'],
  REJECTED: [],
  DECLINED: [],
  CANCELLED: [],
  COMPLETED: [],
};

describe('booking statuses (DCSA Booking 2.0)', () => {
  it('has the nine statuses with labels', () => {
    expect(bookingStatuses).toHaveLength(9);
    expect(bookingStatusLabels.PENDING_UPDATE).toBe('Pending update');
    expect(bookingStatusLabels.UPDATE_RECEIVED).toBe('Update received');
  });

  it('allows every legal move and no other', () => {
    for (const from of bookingStatuses)
      for (const to of bookingStatuses)
        expect(canMoveBooking(from, to), `${from} → ${to}`).toBe(legal[from].includes(to));
    expect(bookingTransitions).toHaveLength(Object.values(legal).flat().length);
  });

  it('lists the moves from a status, each with who makes it', () => {
    expect(bookingTransitionsFrom('CONFIRMED').map((transition) => transition.to)).toEqual(legal.CONFIRMED);
    expect(bookingTransitionsFrom('RECEIVED').find((transition) => transition.to === 'CANCELLED')?.by).toBe(
      'shipper',
    );
    expect(bookingTransitionsFrom('RECEIVED').find((transition) => transition.to === 'CONFIRMED')?.by).toBe(
      'carrier',
    );
    for (const status of finalBookingStatuses) expect(bookingTransitionsFrom(status)).toEqual([]);
  });

  it('refuses an illegal move in words, with what the booking can do instead', () => {
    expect(bookingMoveRefusal('CANCELLED', 'CONFIRMED')).toBe(
      'A cancelled booking cannot be confirmed; a cancelled booking is final',
    );
    expect(bookingMoveRefusal('COMPLETED', 'CANCELLED')).toBe(
      'A completed booking cannot be cancelled; a completed booking is final',
    );
    expect(bookingMoveRefusal('RECEIVED', 'COMPLETED')).toBe(
      'A received booking cannot be completed; it can be sent back for an update, updated, confirmed, rejected or cancelled',
    );
    expect(bookingMoveRefusal('PENDING_UPDATE', 'CONFIRMED')).toBe(
      'A booking pending an update cannot be confirmed; it can be updated, rejected or cancelled',
    );
    expect(bookingMoveRefusal('CONFIRMED', 'REJECTED')).toContain('A confirmed booking cannot be rejected');
    expect(bookingMoveRefusal('CONFIRMED', 'CONFIRMED')).toBe('The booking is already confirmed');
    expect(bookingMoveRefusal('CONFIRMED', 'RECEIVED')).toContain('cannot be received again');
    expect(bookingMoveRefusal('CONFIRMED', 'COMPLETED')).toBeUndefined();
  });
});
