import type { MessageInstance } from 'antd/es/message/interface';
import { createRoot, type Root } from 'react-dom/client';
import { AntdProvider } from './antd-provider.tsx';

let host: Promise<MessageInstance> | undefined;
let root: Root | undefined;

/**
 * antd's message API for a page without the signed-in layout (e.g. the suspended notice on login):
 * the App wrapper is mounted once, on its own, the first time such a page needs a toast.
 */
export const getToastHostMessageApi = () => {
  host ??= new Promise<MessageInstance>((resolve) => {
    const element = document.createElement('div');
    element.className = 'toast-host';
    document.body.append(element);
    root = createRoot(element);
    root.render(<AntdProvider onMessageApi={(api) => api && resolve(api)} />);
  });
  return host;
};

/**
 * Takes the host off the page, so nothing of it is left to run once the page is gone: the web tests
 * call it when a file ends, since React's scheduler waking after happy-dom's window has closed
 * fails the run. The next toast mounts a new host.
 */
export const removeToastHost = () => {
  root?.unmount();
  document.querySelector('.toast-host')?.remove();
  root = undefined;
  host = undefined;
};
