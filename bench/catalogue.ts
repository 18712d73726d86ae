import { createScratchPostgresDatabase } from '../apps/server/test/databases.ts';
import { type Measurement, measure, printTable } from './measure.ts';
import { signInForAppToken } from './sign-in.ts';
import { startBenchServer } from './start-server.ts';

// `npm run bench -- catalogue`: server-side search over the full port and airport catalogues
// (about 1,600 ocean ports and 5,200 airports plus the company's own), 10 connections each, beside
// the bare health route of the same server. Runs on the embedded PGlite and, when
// BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a PostgreSQL server, on a scratch database there too.

const searches: [name: string, path: string][] = [
  ['oceanport: first page, no search', '/master/api/v1/oceanport'],
  ['oceanport: by code (NLRTM)', '/master/api/v1/oceanport?q=NLRTM'],
  ['oceanport: by name (port)', '/master/api/v1/oceanport?q=port&pageSize=50'],
  ['oceanport: by country (China), sorted', '/master/api/v1/oceanport?q=China&sort=name&pageSize=100'],
  ['airport: first page, no search', '/master/api/v1/airport'],
  ['airport: by IATA (LHR)', '/master/api/v1/airport?q=LHR'],
  ['airport: by city (san)', '/master/api/v1/airport?q=san&pageSize=50'],
  ['airport: last page', '/master/api/v1/airport?page=53&pageSize=100&sort=-city'],
];

const benchOn = async (label: string, environment: Record<string, string>) => {
  console.log(`\n${label}`);
  const server = await startBenchServer(environment);
  try {
    const { origin } = server;
    const email = server.output().match(/Demo login: (\S+)/)?.[1];
    const password = server.output().match(/password: (\S+)/)?.[1];
    if (!email || !password) throw new Error('The server printed no demo login');
    const jwt = await signInForAppToken(origin, { email, password });
    const headers = { authorization: jwt };

    const totals = await Promise.all(
      ['oceanport', 'airport'].map(async (kind) => {
        const page = (await (
          await fetch(`${origin}/master/api/v1/${kind}?pageSize=1`, { headers })
        ).json()) as { meta: { total: number } };
        return `${kind}: ${page.meta.total} entries`;
      }),
    );
    console.log(totals.join(', '));

    const health = await measure('GET /healthz', { url: `${origin}/healthz` });
    // A signed-in route that does no work: the cost of authentication alone.
    const signedIn = await measure('GET fetch-config-key (auth only)', {
      url: `${origin}/iamserver/api/v1/auth/fetch-config-key`,
      headers,
    });
    const rows: Measurement[] = [health, signedIn];
    for (const [name, path] of searches) {
      rows.push(await measure(name, { url: `${origin}${path}`, headers }));
    }
    printTable(rows, health);
    const slowest = rows.slice(2).reduce((worst, row) => (row.p99 > worst.p99 ? row : worst));
    console.log(`slowest search p99: ${slowest.p99} ms (${slowest.name})`);
  } finally {
    await server.stop();
  }
};

await benchOn('Embedded PGlite', {});
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (serverUrl) {
  const scratch = await createScratchPostgresDatabase(serverUrl);
  try {
    await benchOn('PostgreSQL server', { DATABASE_URL: scratch.url });
  } finally {
    await scratch.drop();
  }
}
