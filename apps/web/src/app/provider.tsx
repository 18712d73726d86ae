import { RouterProvider } from 'react-router';
import type { createAppRouter } from './router.tsx';

/**
 * The root of the app: only the router. antd (with its `App` message wrapper) and TanStack Query are
 * provided by the signed-in layout, so the signed-out pages do not load them.
 */
export const AppProvider = ({ router }: { router: ReturnType<typeof createAppRouter> }) => (
  <RouterProvider router={router} />
);
