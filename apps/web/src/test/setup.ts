import { act, cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { runtimeConfigElementId, type TRuntimeConfig } from '../config/runtime-config.ts';
import { apiServer } from './api-server.ts';

// Every web test runs on a page like the one the server serves: the runtime config block in the
// document, the API on the page's own origin, and the network answered only by the test's handlers.

const runtimeConfig: TRuntimeConfig = {
  identity: {
    projects: [{ name: 'test', apiKey: 'test-api-key', projectId: 'cargodesk-test', jwksUri: '/jwks' }],
    productionHost: '',
    projectForHost: 'test',
  },
  apiBase: { byHost: {}, fallback: '', path: '/{service}/api/v1' },
  brand: 'cargodesk',
  cookieDomain: null,
  productionHost: '',
  devMailbox: false,
  integrations: {},
};

const configBlock = document.createElement('script');
configBlock.id = runtimeConfigElementId;
configBlock.type = 'application/json';
configBlock.textContent = JSON.stringify(runtimeConfig);
document.head.append(configBlock);

// A request no handler answers fails the test instead of reaching a real server.
beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  apiServer.resetHandlers();
});
afterAll(async () => {
  apiServer.close();
  // A stand-alone toast host (lib/toast-host.tsx) outlives the tests that showed a toast: unmounted
  // here, inside act(), React has no work left to wake for once the file's window is gone.
  if (document.querySelector('.toast-host')) {
    const { removeToastHost } = await import('../lib/toast-host.tsx');
    await act(async () => removeToastHost());
  }
});
