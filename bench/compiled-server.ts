import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ServerProcess } from '../apps/server/test/server-process.ts';
import { compiledNodeEnvironment, compiledNodeFlags } from '../scripts/tools.mjs';
import { signInForAppToken } from './sign-in.ts';

const rootDir = fileURLToPath(new URL('..', import.meta.url));

/** `npm run build`'s server half: apps/server/dist and packages/shared/dist. */
export const buildServer = () =>
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: rootDir, stdio: 'inherit' });

/** The compiled server as `npm start` runs it, as its own process (Linux: its pid is the server's). */
export const spawnCompiledServer = (environment: Record<string, string>): ServerProcess => {
  const child = spawn(
    process.execPath,
    [...compiledNodeFlags, path.join(rootDir, 'apps/server/dist/main.js')],
    {
      cwd: rootDir,
      env: compiledNodeEnvironment({
        PATH: process.env.PATH ?? '',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        ...environment,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
};

/** The demo login the start banner prints. */
export const demoLogin = (output: string) => ({
  email: output.match(/Demo login: (\S+)/)?.[1] ?? '',
  password: output.match(/password: (\S+)/)?.[1] ?? '',
});

/** Signs the demo admin in through the identity API and the app's login: the app token's header. */
export const signIn = async (origin: string, output: string) => ({
  authorization: await signInForAppToken(origin, demoLogin(output)),
});
