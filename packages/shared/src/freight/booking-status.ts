// Booking statuses and their legal moves after DCSA Booking 2.0: the state machine its
// conformance scenarios walk (use cases UC1–UC12). An amendment a shipper submits to a confirmed
// booking runs in its own sub-status while the booking stays confirmed or pending amendment.

export const bookingStatuses = [
  'RECEIVED',
  'PENDING_UPDATE',
  'UPDATE_RECEIVED',
  'CONFIRMED',
  'PENDING_AMENDMENT',
  'REJECTED',
  'DECLINED',
  'CANCELLED',
  'COMPLETED',
] as const;
export type TBookingStatus = (typeof bookingStatuses)[number];

export const bookingStatusLabels: Record<TBookingStatus, string> = {
  RECEIVED: 'Received',
  PENDING_UPDATE: 'Pending update',
  UPDATE_RECEIVED: 'Update received',
  CONFIRMED: 'Confirmed',
  PENDING_AMENDMENT: 'Pending amendment',
  REJECTED: 'Rejected',
  DECLINED: 'Declined',
  CANCELLED: 'Cancelled',
  COMPLETED: 'Completed',
};

export const bookingAmendmentStatuses = [
  'AMENDMENT_RECEIVED',
  'AMENDMENT_CONFIRMED',
  'AMENDMENT_DECLINED',
  'AMENDMENT_CANCELLED',
] as const;
export type TBookingAmendmentStatus = (typeof bookingAmendmentStatuses)[number];

export const bookingAmendmentStatusLabels: Record<TBookingAmendmentStatus, string> = {
  AMENDMENT_RECEIVED: 'Amendment received',
  AMENDMENT_CONFIRMED: 'Amendment confirmed',
  AMENDMENT_DECLINED: 'Amendment declined',
  AMENDMENT_CANCELLED: 'Amendment cancelled',
};

export const isBookingStatus = (value: string): value is TBookingStatus =>
  (bookingStatuses as readonly string[]).includes(value);

export type TBookingTransition = {
  from: TBookingStatus;
  to: TBookingStatus;
  /** Who makes the move in DCSA's process: the carrier answers, the shipper asks. */
  by: 'carrier' | 'shipper';
  /** What happens, in a forwarder's words. */
  action: string;
};

// Moves to the same status (a second request for an update, a second update) change nothing a
// status shows, so they are left out.
export const bookingTransitions: readonly TBookingTransition[] = [
  { from: 'RECEIVED', to: 'PENDING_UPDATE', by: 'carrier', action: 'Carrier asks for an update' },
  { from: 'RECEIVED', to: 'UPDATE_RECEIVED', by: 'shipper', action: 'Shipper sends an update' },
  { from: 'RECEIVED', to: 'CONFIRMED', by: 'carrier', action: 'Carrier confirms' },
  { from: 'RECEIVED', to: 'REJECTED', by: 'carrier', action: 'Carrier rejects' },
  { from: 'RECEIVED', to: 'CANCELLED', by: 'shipper', action: 'Shipper cancels' },
  { from: 'PENDING_UPDATE', to: 'UPDATE_RECEIVED', by: 'shipper', action: 'Shipper sends the update' },
  { from: 'PENDING_UPDATE', to: 'REJECTED', by: 'carrier', action: 'Carrier rejects' },
  { from: 'PENDING_UPDATE', to: 'CANCELLED', by: 'shipper', action: 'Shipper cancels' },
  { from: 'UPDATE_RECEIVED', to: 'PENDING_UPDATE', by: 'carrier', action: 'Carrier asks for another update' },
  { from: 'UPDATE_RECEIVED', to: 'CONFIRMED', by: 'carrier', action: 'Carrier confirms' },
  { from: 'UPDATE_RECEIVED', to: 'REJECTED', by: 'carrier', action: 'Carrier rejects' },
  { from: 'UPDATE_RECEIVED', to: 'CANCELLED', by: 'shipper', action: 'Shipper cancels' },
  { from: 'CONFIRMED', to: 'PENDING_AMENDMENT', by: 'carrier', action: 'Carrier asks for an amendment' },
  { from: 'CONFIRMED', to: 'DECLINED', by: 'carrier', action: 'Carrier declines' },
  { from: 'CONFIRMED', to: 'COMPLETED', by: 'carrier', action: 'Carrier completes the booking' },
  { from: 'CONFIRMED', to: 'CANCELLED', by: 'shipper', action: 'Shipper cancels' },
  {
    from: 'PENDING_AMENDMENT',
    to: 'CONFIRMED',
    by: 'carrier',
    action: "Carrier confirms the shipper's amendment",
  },
  { from: 'PENDING_AMENDMENT', to: 'DECLINED', by: 'carrier', action: 'Carrier declines' },
  { from: 'PENDING_AMENDMENT', to: 'CANCELLED', by: 'shipper', action: 'Shipper cancels' },
];

export const finalBookingStatuses: readonly TBookingStatus[] = [
  'REJECTED',
  'DECLINED',
  'CANCELLED',
  'COMPLETED',
];

export const isFinalBookingStatus = (status: TBookingStatus) => finalBookingStatuses.includes(status);

export const bookingTransitionsFrom = (from: TBookingStatus): TBookingTransition[] =>
  bookingTransitions.filter((transition) => transition.from === from);

export const canMoveBooking = (from: TBookingStatus, to: TBookingStatus) =>
  bookingTransitions.some((transition) => transition.from === from && transition.to === to);

const bookingSubjects: Record<TBookingStatus, string> = {
  RECEIVED: 'A received booking',
  PENDING_UPDATE: 'A booking pending an update',
  UPDATE_RECEIVED: 'A booking whose update has arrived',
  CONFIRMED: 'A confirmed booking',
  PENDING_AMENDMENT: 'A booking pending an amendment',
  REJECTED: 'A rejected booking',
  DECLINED: 'A declined booking',
  CANCELLED: 'A cancelled booking',
  COMPLETED: 'A completed booking',
};

const bookingMoveVerbs: Record<TBookingStatus, string> = {
  RECEIVED: 'received again',
  PENDING_UPDATE: 'sent back for an update',
  UPDATE_RECEIVED: 'updated',
  CONFIRMED: 'confirmed',
  PENDING_AMENDMENT: 'sent back for an amendment',
  REJECTED: 'rejected',
  DECLINED: 'declined',
  CANCELLED: 'cancelled',
  COMPLETED: 'completed',
};

const joinOr = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;

/**
 * Why a booking cannot move, in a forwarder's words, with the moves it can make
 * ("A cancelled booking cannot be confirmed; a cancelled booking is final"); undefined when it can.
 */
export const bookingMoveRefusal = (from: TBookingStatus, to: TBookingStatus): string | undefined => {
  if (canMoveBooking(from, to)) return undefined;
  if (from === to) return `The booking is already ${bookingStatusLabels[from].toLowerCase()}`;
  const refusal = `${bookingSubjects[from]} cannot be ${bookingMoveVerbs[to]}`;
  if (isFinalBookingStatus(from)) return `${refusal}; ${bookingSubjects[from].toLowerCase()} is final`;
  const moves = bookingTransitionsFrom(from).map((transition) => bookingMoveVerbs[transition.to]);
  return `${refusal}; it can be ${joinOr(moves)}`;
};
