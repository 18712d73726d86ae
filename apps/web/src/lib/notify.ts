import type { MessageInstance } from 'antd/es/message/interface';
import { toErrorMessage } from './api-client.ts';

// antd's message API configured by the App wrapper (3000 ms, 16 px), reachable from outside React.
// The signed-in layout registers its own; a public page loads a stand-alone host on its first toast,
// so antd stays out of the bundle of the signed-out pages.
let messageApi: MessageInstance | undefined;

export const setMessageApi = (api: MessageInstance | undefined) => {
  messageApi = api;
};

const getMessageApi = async () => messageApi ?? (await import('./toast-host.tsx')).getToastHostMessageApi();

const show = (kind: 'success' | 'error', content: string) =>
  void getMessageApi()
    .then((api) => api[kind](content))
    .catch((error: unknown) => console.warn('The message could not be shown', content, error));

export const notifySuccess = (content: string) => show('success', content);
export const notifyError = (content: string) => show('error', content);

/** A failure's reason in a toast: the server's message, or a plain "try again" for anything else. */
export const notifyFailure = (error: unknown) => notifyError(toErrorMessage(error));
