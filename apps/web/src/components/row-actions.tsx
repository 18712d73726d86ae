import type { ReactNode } from 'react';

/**
 * The actions cell of a row that opens on click: the buttons' (and their confirmations') clicks
 * bubble through React's tree to the row, which would open it too.
 */
export const RowActions = ({ children }: { children: ReactNode }) => (
  // biome-ignore lint/a11y/noStaticElementInteractions: only stops clicks reaching the row
  // biome-ignore lint/a11y/useKeyWithClickEvents: the buttons inside handle the keyboard
  <span onClick={(event) => event.stopPropagation()}>{children}</span>
);
