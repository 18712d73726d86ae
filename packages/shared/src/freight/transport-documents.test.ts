import { describe, expect, it } from 'vitest';
import {
  canMoveTransportDocument,
  shipmentDocumentKindList,
  transportDocumentMoveRefusal,
  transportDocumentStatuses,
  transportDocumentTransitionsFrom,
} from './transport-documents.ts';

describe('transport document statuses (DCSA eBL 3.0)', () => {
  it('walks a draft to issue, and back to draft only before issue', () => {
    expect(canMoveTransportDocument('sea-waybill', 'DRAFT', 'APPROVED')).toBe(true);
    expect(canMoveTransportDocument('sea-waybill', 'DRAFT', 'ISSUED')).toBe(false);
    expect(canMoveTransportDocument('sea-waybill', 'APPROVED', 'ISSUED')).toBe(true);
    expect(canMoveTransportDocument('sea-waybill', 'APPROVED', 'DRAFT')).toBe(true);
    expect(canMoveTransportDocument('sea-waybill', 'ISSUED', 'DRAFT')).toBe(false);
  });

  it('voids a negotiable house bill only after its surrender for amendment', () => {
    expect(canMoveTransportDocument('house-bill-of-lading', 'ISSUED', 'VOID')).toBe(false);
    expect(transportDocumentTransitionsFrom('house-bill-of-lading', 'ISSUED').map((move) => move.to)).toEqual(
      ['PENDING_SURRENDER_FOR_AMENDMENT', 'PENDING_SURRENDER_FOR_DELIVERY'],
    );
    expect(
      canMoveTransportDocument('house-bill-of-lading', 'PENDING_SURRENDER_FOR_AMENDMENT', 'ISSUED'),
    ).toBe(true);
    expect(canMoveTransportDocument('house-bill-of-lading', 'SURRENDER_FOR_AMENDMENT', 'VOID')).toBe(true);
    expect(canMoveTransportDocument('house-bill-of-lading', 'SURRENDER_FOR_DELIVERY', 'VOID')).toBe(false);
  });

  it('voids a non-negotiable document as issued, and never surrenders it', () => {
    for (const kind of [
      'sea-waybill',
      'house-air-waybill',
      'booking-confirmation',
      'arrival-notice',
    ] as const) {
      expect(transportDocumentTransitionsFrom(kind, 'ISSUED').map((move) => move.to)).toEqual(['VOID']);
    }
  });

  it('leaves a void document final for every kind', () => {
    for (const kind of shipmentDocumentKindList) {
      for (const to of transportDocumentStatuses)
        expect(canMoveTransportDocument(kind, 'VOID', to)).toBe(false);
    }
  });

  it('says why a move is refused and which moves there are', () => {
    expect(transportDocumentMoveRefusal('arrival-notice', 'DRAFT', 'APPROVED')).toBeUndefined();
    expect(transportDocumentMoveRefusal('arrival-notice', 'DRAFT', 'DRAFT')).toBe(
      'The document is already draft',
    );
    expect(transportDocumentMoveRefusal('arrival-notice', 'VOID', 'ISSUED')).toBe(
      'A document void cannot be moved to issued; it is final',
    );
    expect(transportDocumentMoveRefusal('house-bill-of-lading', 'ISSUED', 'VOID')).toBe(
      'A document issued cannot be moved to void; it can move to pending surrender for amendment or pending surrender for delivery',
    );
  });
});
