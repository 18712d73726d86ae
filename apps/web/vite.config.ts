import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** Where `npm run dev` runs the API server; Vite forwards every path the server owns to it. */
const serverOrigin = process.env.CARGODESK_SERVER_ORIGIN ?? 'http://127.0.0.1:3000';

const serverPaths =
  '^/(api|healthz|readyz|dev/mail|identity|identitytoolkit\\.googleapis\\.com|securetoken\\.googleapis\\.com|[\\w-]+/api)(/|$)';

/**
 * In production the server injects the runtime config into index.html (docs/architecture.md); the Vite dev
 * server has no such step, so it asks the running API server for the same config.
 */
const injectDevRuntimeConfig = (): Plugin => ({
  name: 'cargodesk-dev-runtime-config',
  apply: 'serve',
  transformIndexHtml: async () => {
    const response = await fetch(`${serverOrigin}/api/config`).catch(() => undefined);
    if (!response?.ok) {
      throw new Error(`The Cargodesk server is not answering at ${serverOrigin}: start it with npm run dev.`);
    }
    const { data } = (await response.json()) as { data: unknown };
    return [
      {
        tag: 'script',
        attrs: { id: 'cargodesk-config', type: 'application/json' },
        children: JSON.stringify(data).replaceAll('<', '\\u003c'),
        injectTo: 'head-prepend',
      },
    ];
  },
});

export default defineConfig({
  plugins: [react(), injectDevRuntimeConfig()],
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { [serverPaths]: { target: serverOrigin } },
  },
});
