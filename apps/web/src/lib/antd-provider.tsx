import { constants } from '@cargodesk/shared';
import { App, ConfigProvider } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { type ReactNode, useEffect } from 'react';

// People who ask their system for less motion get no antd animations (WCAG 2.3.3).
const prefersReducedMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

const theme = {
  token: {
    motion: !prefersReducedMotion,
    colorPrimary: '#13756b',
    colorLink: '#13756b',
    // antd lightens the brand under the pointer, to 3.8:1 on white: darker instead keeps links,
    // link buttons and white text on primary buttons at AA contrast while hovered.
    colorPrimaryHover: '#0b524b',
    colorLinkHover: '#0b524b',
    borderRadius: 6,
    fontFamily: 'inherit',
    // antd's default secondary greys (45% black) fall below WCAG AA contrast on white.
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    // antd's default green and red text (tags, danger buttons) fall below AA contrast too.
    colorSuccess: '#237804',
    colorSuccessBg: '#f6ffed',
    colorError: '#cf1322',
    colorErrorBg: '#fff1f0',
  },
  components: {
    // The selected settings link: brand text on its tint needs a darker shade to reach AA contrast.
    Menu: { itemSelectedColor: '#0b524b', itemSelectedBg: '#e3f1ef' },
    // Picked rows keep links and danger buttons at AA contrast: pale solid tints, not antd's blend.
    Table: { rowSelectedBg: '#eef7f5', rowSelectedHoverBg: '#e3f1ef' },
  },
};

type TMessageApiListener = (api: MessageInstance | undefined) => void;

/** Hands the App wrapper's configured message API to code outside React, and takes it back on unmount. */
const MessageBridge = ({ onMessageApi }: { onMessageApi: TMessageApiListener }) => {
  const { message } = App.useApp();
  useEffect(() => {
    onMessageApi(message);
    return () => onMessageApi(undefined);
  }, [message, onMessageApi]);
  return null;
};

/**
 * antd's theme and its `App` wrapper with the message settings of docs/product.md §9 (3000 ms, top 16 px).
 * Only the signed-in layout and the toast host load it: the public pages are plain HTML.
 */
export const AntdProvider = ({
  onMessageApi,
  children,
}: {
  onMessageApi: TMessageApiListener;
  children?: ReactNode;
}) => (
  <ConfigProvider theme={theme}>
    <App
      message={{ duration: constants.toastDurationMs / 1000, top: constants.toastTopOffsetPx, maxCount: 3 }}
    >
      <MessageBridge onMessageApi={onMessageApi} />
      {children}
    </App>
  </ConfigProvider>
);
