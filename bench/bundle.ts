import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// `npm run bench -- bundle`: the gzip size of the JavaScript and CSS the browser loads for /login
// and /dashboard, read from Vite's manifest (the entry, the route's lazy chunks and everything they
// import statically), against the budgets of the sign-in issue. Builds the web app first unless
// BENCH_NO_BUILD=1. Exits 1 when a route is over budget.

type TManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type TManifest = Record<string, TManifestChunk>;

const webDir = fileURLToPath(new URL('../apps/web/', import.meta.url));
const distDir = path.join(webDir, 'dist');

const routes = [
  { route: '/login', budgetKb: 120, lazyModules: ['src/features/auth/routes/login.tsx'] },
  {
    route: '/dashboard',
    budgetKb: 250,
    lazyModules: ['src/app/layouts/app-layout.tsx', 'src/features/dashboard/routes/dashboard.tsx'],
  },
];

if (process.env.BENCH_NO_BUILD !== '1') {
  execFileSync(
    process.execPath,
    [path.join(webDir, '../../node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: webDir,
      stdio: 'inherit',
    },
  );
}

const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as TManifest;
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('The Vite manifest has no entry chunk.');

/** The files a chunk brings along: itself, its CSS and its static imports, recursively. */
const collectFiles = (key: string, files: Set<string>) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collectFiles(imported, files);
};

const gzipSize = (file: string) => gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;

let isOverBudget = false;
const rows = routes.map(({ route, budgetKb, lazyModules }) => {
  const files = new Set<string>();
  collectFiles(entryKey, files);
  for (const module of lazyModules) {
    if (!manifest[module]) throw new Error(`The manifest has no chunk for ${module}.`);
    collectFiles(module, files);
  }
  const sizes = [...files].map((file) => ({ file, size: gzipSize(file) }));
  const js = sizes.filter(({ file }) => file.endsWith('.js')).reduce((sum, { size }) => sum + size, 0);
  const css = sizes.filter(({ file }) => file.endsWith('.css')).reduce((sum, { size }) => sum + size, 0);
  const totalKb = (js + css) / 1024;
  if (totalKb > budgetKb) isOverBudget = true;
  return {
    route,
    files: files.size,
    'js (KB gzip)': (js / 1024).toFixed(1),
    'css (KB gzip)': (css / 1024).toFixed(1),
    'total (KB gzip)': totalKb.toFixed(1),
    'budget (KB)': budgetKb,
    result: totalKb > budgetKb ? 'OVER' : 'ok',
  };
});

console.table(rows);
if (isOverBudget) process.exitCode = 1;
