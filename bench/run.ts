// `npm run bench -- <name>` runs bench/<name>.ts. Benchmarks run on demand, never in `npm test`.
const benchmarks = [
  'identity',
  'bundle',
  'notifications',
  'catalogue',
  'api',
  'memory',
  'lighthouse',
  'pdf',
  'contacts',
  'reports',
  'tenant-work',
  'shipments',
];
const requested = process.argv[2];
if (!requested || !benchmarks.includes(requested)) {
  console.error(`usage: npm run bench -- <${benchmarks.join('|')}>`);
  process.exit(2);
}
await import(`./${requested}.ts`);

export {};
