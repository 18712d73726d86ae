import type { MessageInstance } from 'antd/es/message/interface';
import { createRoot } from 'react-dom/client';
import { AntdProvider } from './antd-provider.tsx';

let host: Promise<MessageInstance> | undefined;

/**
 * antd's message API for a page without the signed-in layout (e.g. the suspended notice on login):
 * the App wrapper is mounted once, on its own, the first time such a page needs a toast.
 */
export const getToastHostMessageApi = () => {
  host ??= new Promise<MessageInstance>((resolve) => {
    const element = document.createElement('div');
    element.className = 'toast-host';
    document.body.append(element);
    createRoot(element).render(<AntdProvider onMessageApi={(api) => api && resolve(api)} />);
  });
  return host;
};
