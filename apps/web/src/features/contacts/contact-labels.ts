import type { TContactKind } from '@cargodesk/shared';

export const kindLabels: Record<TContactKind, string> = { organisation: 'Organisation', person: 'Person' };
