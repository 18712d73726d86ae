import type { TShipmentMode } from '@cargodesk/shared';
import { modeLabels } from '../shipment-labels.ts';

// A ship or a plane beside the mode's word: the icon speeds the eye, the word says it.
const paths: Record<TShipmentMode, string> = {
  sea: 'M3 14h18l-2.5 5.5a1 1 0 0 1-.9.5H6.4a1 1 0 0 1-.9-.5L3 14Zm3-2V7h5V4h2v3h5v5H6Zm2-3v1h2V9H8Zm4 0v1h2V9h-2Z',
  air: 'M21 15.5v-2l-8-5V3.5a1.5 1.5 0 0 0-3 0V8.5l-8 5v2l8-2.5V18.5l-2 1.5V21l3.5-1 3.5 1v-1l-2-1.5V13l8 2.5Z',
  road: 'M3 6h11v9H3V6Zm11 3h4l3 3v3h-7V9ZM6.5 19a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Zm11 0a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z',
};

/** The shipment's mode as an icon and its word ("Sea", "Air"), kept on one line. */
export const ModeTag = ({ mode }: { mode: TShipmentMode }) => (
  <span className="one-line" style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d={paths[mode]} fill="currentColor" />
    </svg>
    {modeLabels[mode]}
  </span>
);
