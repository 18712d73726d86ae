import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
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

// Text assets worth compressing: below 1 KB the encoding header costs about what it saves.
const compressibleAsset = /\.(?:js|mjs|css|svg|json|txt|html)$/;
const minCompressBytes = 1024;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to each text asset at build time, at the highest
 * levels (too slow per request), which the server sends to browsers that accept them
 * (docs/operations.md).
 */
const precompressAssets = (): Plugin => {
  let assetsDir = '';
  return {
    name: 'cargodesk-precompress-assets',
    apply: 'build',
    configResolved: (config) => {
      assetsDir = path.resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    writeBundle: async () => {
      const names = (await readdir(assetsDir)).filter((name) => compressibleAsset.test(name));
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(assetsDir, name);
          const content = await readFile(file);
          if (content.length < minCompressBytes) return;
          const [brotli, gzipped] = await Promise.all([
            promisify(brotliCompress)(content, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            promisify(gzip)(content, { level: zlibConstants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, brotli), writeFile(`${file}.gz`, gzipped)]);
        }),
      );
    },
  };
};

export default defineConfig({
  plugins: [react(), injectDevRuntimeConfig(), precompressAssets()],
  // `@/…` is src/, as in tsconfig.json's paths.
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }] },
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  // A mark the server replaces with each production page's CSP nonce, or removes on other hosts
  // (cspNonceToken in apps/server/src/platform/web-app.ts, docs/decisions/021-integrations-and-csp.md).
  html: { cspNonce: 'CARGODESK_CSP_NONCE' },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { [serverPaths]: { target: serverOrigin } },
  },
});
