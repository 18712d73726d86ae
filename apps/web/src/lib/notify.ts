import type { MessageInstance } from 'antd/es/message/interface';

// antd's message API configured by the App wrapper (3000 ms, 16 px), reachable from outside React.
let messageApi: MessageInstance | undefined;

export const setMessageApi = (api: MessageInstance) => {
  messageApi = api;
};

export const notifySuccess = (content: string) => void messageApi?.success(content);
export const notifyError = (content: string) => void messageApi?.error(content);
