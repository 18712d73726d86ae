import { openNotificationStream } from '../apps/server/src/services/notifications/notify-test-support.ts';
import { createScratchPostgresDatabase } from '../apps/server/test/databases.ts';
import { startBenchServer } from './start-server.ts';

// `npm run bench -- notifications`: notification delivery latency with 1,000 open streams. The
// demo Viewer holds STREAMS open streams (default 1000) on the server; the demo admin announces
// ROUNDS times (default 20), one after the other, and each round's latency is the time from the
// announce request leaving to each stream receiving the event. Runs on the embedded PGlite and,
// when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a PostgreSQL server, on a scratch database.

const streamCount = Number(process.env.STREAMS ?? 1000);
const rounds = Number(process.env.ROUNDS ?? 20);
const demoPassword = 'bench-notifications';

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

const appToken = async (origin: string, email: string) => {
  const { data: config } = (await (await fetch(`${origin}/api/config`)).json()) as {
    data: { identity: { projects: { name: string; apiKey: string }[]; projectForHost: string } };
  };
  const apiKey = config.identity.projects.find(
    (project) => project.name === config.identity.projectForHost,
  )?.apiKey;
  const signIn = await fetch(
    `${origin}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${apiKey}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: demoPassword, returnSecureToken: true }),
    },
  );
  const { idToken } = (await signIn.json()) as { idToken: string };
  const login = await fetch(`${origin}/iamserver/api/v1/auth/login`, { headers: { authorization: idToken } });
  const { data } = (await login.json()) as { data: { jwt?: string } };
  if (!data.jwt) throw new Error(`No app token for ${email}`);
  return data.jwt;
};

const benchOn = async (label: string, environment: Record<string, string>) => {
  console.log(`\n${label}: ${streamCount} open streams, ${rounds} announcements`);
  const server = await startBenchServer({ DEMO_PASSWORD: demoPassword, LOG_LEVEL: 'error', ...environment });
  const streams: Awaited<ReturnType<typeof openNotificationStream>>[] = [];
  try {
    const { origin } = server;
    const admin = await appToken(origin, 'admin@demo-freight.test');
    const viewer = await appToken(origin, 'viewer@demo-freight.test');
    const openedAt = Date.now();
    for (let start = 0; start < streamCount; start += 100) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(100, streamCount - start) }, () =>
          openNotificationStream(origin, viewer),
        ),
      );
      streams.push(...batch);
    }
    await Promise.all(
      streams.map((stream) => stream.waitFor((events) => events.some((e) => e.event === 'ready'), 60_000)),
    );
    console.log(`opened ${streams.length} streams in ${Date.now() - openedAt} ms`);

    const latencies: number[] = [];
    const lastOfRound: number[] = [];
    for (let round = 1; round <= rounds; round += 1) {
      const arrived = streams.map(() => 0);
      const unsubscribers = streams.map((stream, index) => {
        const before = stream.notifications().length;
        return stream.waitFor((events) => {
          const count = events.filter((event) => event.event === 'notification').length;
          if (count > before && !arrived[index]) arrived[index] = performance.now();
          return count > before;
        }, 30_000);
      });
      const sentAt = performance.now();
      const response = await fetch(`${origin}/notifyserver/api/v1/announcements`, {
        method: 'POST',
        headers: { authorization: admin, 'content-type': 'application/json' },
        body: JSON.stringify({ title: `Bench round ${round}` }),
      });
      if (response.status !== 201) throw new Error(`Announce failed: ${await response.text()}`);
      await Promise.all(unsubscribers);
      const roundLatencies = arrived.map((at) => at - sentAt);
      latencies.push(...roundLatencies);
      lastOfRound.push(Math.max(...roundLatencies));
    }
    const sorted = [...latencies].sort((a, b) => a - b);
    const format = (value: number) => `${value.toFixed(1)} ms`;
    console.table([
      {
        streams: streams.length,
        deliveries: sorted.length,
        p50: format(percentile(sorted, 50)),
        p95: format(percentile(sorted, 95)),
        p99: format(percentile(sorted, 99)),
        max: format(sorted.at(-1) ?? Number.NaN),
        'all 1,000 reached (median round)': format(
          [...lastOfRound].sort((a, b) => a - b)[Math.floor(lastOfRound.length / 2)] ?? Number.NaN,
        ),
      },
    ]);
  } finally {
    await Promise.all(streams.map((stream) => stream.close()));
    await server.stop();
  }
};

await benchOn('Embedded PGlite', {});
const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (serverUrl) {
  const scratch = await createScratchPostgresDatabase(serverUrl);
  try {
    await benchOn('PostgreSQL', { DATABASE_URL: scratch.url });
  } finally {
    await scratch.drop();
  }
}
