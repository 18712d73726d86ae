// `npm run dev`: the server under `tsx watch` (restarts on change) and Vite with hot reload on
// http://localhost:5173, which forwards the server's paths to it. Either one exiting stops both.
import {
  resolveBin,
  serverEntry,
  spawnNode,
  stopSignals,
  waitForExit,
  webDir,
  withDevMailbox,
} from './tools.mjs';

const port = process.env.PORT || '3000';
const webUrl = 'http://localhost:5173';

const server = spawnNode([resolveBin('tsx'), 'watch', '--clear-screen=false', serverEntry], {
  // Links the server writes (action mails, JWKS address) should open the hot-reloading page.
  env: { ...withDevMailbox(process.env), PUBLIC_URL: process.env.PUBLIC_URL || webUrl },
});
const web = spawnNode([resolveBin('vite')], {
  cwd: webDir,
  env: { ...process.env, CARGODESK_SERVER_ORIGIN: `http://127.0.0.1:${port}` },
});
const children = [server, web];

for (const signal of stopSignals) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}

const code = await Promise.race(children.map(waitForExit));
for (const child of children) child.kill('SIGTERM');
await Promise.all(children.map(waitForExit));
process.exit(code);
