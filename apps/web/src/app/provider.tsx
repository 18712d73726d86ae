import { constants } from '@cargodesk/shared';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { App, ConfigProvider } from 'antd';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { setMessageApi } from '../lib/notify.ts';
import { persistOptions, queryClient } from '../lib/query-client.ts';
import type { createAppRouter } from './router.tsx';

const theme = {
  token: { colorPrimary: '#13756b', colorLink: '#13756b', borderRadius: 6, fontFamily: 'inherit' },
};

/** Hands the App wrapper's configured message API to code outside React. */
const MessageBridge = () => {
  const { message } = App.useApp();
  useEffect(() => setMessageApi(message), [message]);
  return null;
};

export const AppProvider = ({ router }: { router: ReturnType<typeof createAppRouter> }) => (
  <ConfigProvider theme={theme}>
    <App
      message={{ duration: constants.toastDurationMs / 1000, top: constants.toastTopOffsetPx, maxCount: 3 }}
    >
      <MessageBridge />
      <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
        <RouterProvider router={router} />
      </PersistQueryClientProvider>
    </App>
  </ConfigProvider>
);
