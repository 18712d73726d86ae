import { createScratchPostgresDatabase } from '../apps/server/test/databases.ts';
import { measure, printTable } from './measure.ts';
import { startBenchServer } from './start-server.ts';

// `npm run bench -- identity`: sign-in and token refresh against the bare health route of the
// same server in the same run, 10 connections each. Targets from the foundation issue:
// refresh ≥ 5,000 req/s on 2 cores, sign-in p99 ≤ 150 ms. Runs on the embedded PGlite and, when
// BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a PostgreSQL server, on a scratch database there too.

const benchOn = async (label: string, environment: Record<string, string>) => {
  console.log(`\n${label}`);
  const server = await startBenchServer(environment);
  try {
    const { origin } = server;
    const email = server.output().match(/Demo login: (\S+)/)?.[1];
    const password = server.output().match(/password: (\S+)/)?.[1];
    const { data: runtimeConfig } = (await (await fetch(`${origin}/api/config`)).json()) as {
      data: { identity: { projects: { name: string; apiKey: string }[]; projectForHost: string } };
    };
    const apiKey = runtimeConfig.identity.projects.find(
      (project) => project.name === runtimeConfig.identity.projectForHost,
    )?.apiKey;
    const signInBody = JSON.stringify({ email, password, returnSecureToken: true });
    const signInUrl = `${origin}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${apiKey}`;
    const signedIn = (await (
      await fetch(signInUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: signInBody,
      })
    ).json()) as { refreshToken?: string };
    if (!signedIn.refreshToken) throw new Error(`Sign-in failed: ${JSON.stringify(signedIn)}`);

    const health = await measure('GET /healthz', { url: `${origin}/healthz` });
    const refresh = await measure('POST securetoken v1/token (refresh)', {
      url: `${origin}/securetoken.googleapis.com/v1/token?key=${apiKey}`,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `grant_type=refresh_token&refresh_token=${signedIn.refreshToken}`,
    });
    const signIn = await measure('POST accounts:signInWithPassword', {
      url: signInUrl,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: signInBody,
    });
    printTable([health, refresh, signIn], health);
    console.log(
      `token refresh: ${refresh.requestsPerSecond} req/s (target ≥ 5000); ` +
        `sign-in p99: ${signIn.p99} ms (target ≤ 150 ms at 10 concurrent)`,
    );
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
