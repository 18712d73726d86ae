import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';

// The third-party services of the production host (docs/decisions/021-integrations-and-csp.md),
// faked on one local HTTPS server for browser tests without the internet: Chromium's
// --host-resolver-rules send each vendor host's port 443 here. Each script stands in for the real
// one with the same globals and calls, and reports what the page told it back to this server,
// which records every request it receives.

export const vendorHosts = {
  maps: 'maps.googleapis.com',
  pendoCdn: 'cdn.pendo.io',
  pendoData: 'data.pendo.io',
  sentryIngest: 'o1.ingest.sentry.io',
  analytics: 'plausible.io',
  chat: 'client.crisp.chat',
} as const;

/** Every host some configured vendor may reach, fake or not: none may be asked from another host. */
export const allVendorHosts = [
  ...Object.values(vendorHosts),
  'maps.gstatic.com',
  'fonts.googleapis.com',
  'fonts.gstatic.com',
  'app.pendo.io',
  'settings.crisp.chat',
  'storage.crisp.chat',
  'image.crisp.chat',
];

export type TVendorRequest = { host: string; method: string; path: string; body: Buffer };

const javascript = { 'content-type': 'text/javascript; charset=utf-8' };
const cors = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

// Reports go back as text/plain, a simple request without a CORS preflight, as the real agents do.
const report = (url: string) =>
  `(body) => fetch(${JSON.stringify(url)}, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'text/plain' } })`;

/** Places: an Autocomplete that turns what was typed into a place when Enter is pressed. */
const mapsScript = (callback: string) => `
(() => {
  class Autocomplete {
    constructor(input) {
      this.place = {};
      this.handlers = [];
      input.addEventListener('keydown', (event) => {
        if (event.key !== 'Enter') return;
        this.place = { formatted_address: 'Fake Place: ' + input.value };
        for (const handler of this.handlers) handler();
      });
    }
    addListener(event, handler) {
      this.handlers.push(handler);
      return { remove: () => { this.handlers = this.handlers.filter((item) => item !== handler); } };
    }
    getPlace() { return this.place; }
  }
  window.google = { maps: { places: { Autocomplete } } };
  window[${JSON.stringify(callback)}]?.();
})();`;

/** The agent replays its queue, as pendo.js does, and reports each initialize. */
const pendoScript = `
(() => {
  const send = ${report(`https://${vendorHosts.pendoData}/data/initialize`)};
  const queued = window.pendo?._q ?? [];
  window.pendo = { initialize: (options) => send(options), teardown: () => {} };
  for (const [method, ...args] of queued) window.pendo[method]?.(...args);
})();`;

/** Reports a page view with the site id the script tag carries, as Plausible's script does. */
const analyticsScript = `
(() => {
  const script = document.currentScript;
  const send = ${report(`https://${vendorHosts.analytics}/api/event`)};
  send({ n: 'pageview', d: script?.getAttribute('data-domain'), u: location.href });
})();`;

/** Reports the website id and the queued commands, shows a widget, and reports later commands. */
const chatScript = `
(() => {
  const send = ${report(`https://${vendorHosts.chat}/record`)};
  const queued = Array.isArray(window.$crisp) ? window.$crisp : [];
  send({ websiteId: window.CRISP_WEBSITE_ID, commands: queued });
  window.$crisp = { push: (command) => send({ websiteId: window.CRISP_WEBSITE_ID, commands: [command] }) };
  window.$__CRISP_INCLUDED = true;
  const widget = document.createElement('div');
  widget.className = 'crisp-client';
  widget.textContent = 'Support chat';
  document.body.append(widget);
})();`;

const scriptFor = (host: string, url: URL): string | undefined => {
  if (host === vendorHosts.maps && url.pathname === '/maps/api/js') {
    return mapsScript(url.searchParams.get('callback') ?? '');
  }
  if (host === vendorHosts.pendoCdn && /^\/agent\/static\/[^/]+\/pendo\.js$/.test(url.pathname)) {
    return pendoScript;
  }
  if (host === vendorHosts.analytics && url.pathname === '/js/script.js') return analyticsScript;
  if (host === vendorHosts.chat && url.pathname === '/l.js') return chatScript;
  return undefined;
};

/** A throwaway certificate for the vendor hosts; the browser is told to accept it. */
const createCertificate = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cargodesk-fake-vendors-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    const names = allVendorHosts.map((host) => `DNS:${host}`).join(',');
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=fake-vendors'],
        ...['-keyout', keyFile, '-out', certFile, '-addext', `subjectAltName=${names}`],
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(keyFile), cert: readFileSync(certFile) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

export type TFakeVendors = {
  port: number;
  requests: TVendorRequest[];
  /** Chromium's --host-resolver-rules entries sending every vendor host here. */
  resolverRules: string[];
  /** The JSON bodies posted to `host` at `pathPrefix`. */
  reportsTo: (host: string, pathPrefix: string) => unknown[];
  close: () => Promise<void>;
};

export const startFakeVendors = async (): Promise<TFakeVendors> => {
  const requests: TVendorRequest[] = [];
  const server = createServer(
    createCertificate(),
    async (request: IncomingMessage, response: ServerResponse) => {
      const host = (request.headers.host ?? '').replace(/:\d+$/, '');
      const url = new URL(request.url ?? '/', `https://${host}`);
      // A page that goes away (a sign-out reloads it) aborts its uploads mid-body: that request is
      // dropped, as a vendor would drop it, rather than failing the test that reloaded the page.
      const body = await readBody(request).catch(() => undefined);
      if (!body) return;
      requests.push({ host, method: request.method ?? 'GET', path: `${url.pathname}${url.search}`, body });
      if (request.method === 'OPTIONS') {
        response.writeHead(204, cors).end();
        return;
      }
      const script = request.method === 'GET' ? scriptFor(host, url) : undefined;
      if (script) {
        response.writeHead(200, { ...javascript, ...cors }).end(script);
        return;
      }
      response.writeHead(request.method === 'POST' ? 200 : 404, {
        ...cors,
        'content-type': 'application/json',
      });
      response.end('{}');
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    requests,
    resolverRules: allVendorHosts.map((host) => `MAP ${host}:443 127.0.0.1:${port}`),
    reportsTo: (host, pathPrefix) =>
      requests
        .filter((item) => item.host === host && item.method === 'POST' && item.path.startsWith(pathPrefix))
        .map((item) => JSON.parse(item.body.toString('utf8')) as unknown),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

export type TEnvelopeItem = { header: { type?: string; length?: number }; payload: Buffer };

/** The items of a Sentry envelope: a header line, then per item a header line and its payload. */
export const envelopeItems = (body: Buffer): TEnvelopeItem[] => {
  const items: TEnvelopeItem[] = [];
  let offset = body.indexOf(0x0a) + 1;
  while (offset > 0 && offset < body.length) {
    const headerEnd = body.indexOf(0x0a, offset);
    if (headerEnd < 0) break;
    const header = JSON.parse(body.subarray(offset, headerEnd).toString('utf8')) as TEnvelopeItem['header'];
    const start = headerEnd + 1;
    const lineEnd = body.indexOf(0x0a, start);
    const end = header.length ?? (lineEnd < 0 ? body.length : lineEnd - start);
    items.push({ header, payload: body.subarray(start, start + end) });
    offset = start + end + 1;
  }
  return items;
};

/**
 * A replay recording as text: `{"segment_id":…}` and a newline, then the rrweb events, compressed
 * by the SDK's worker (zlib) or, without the worker, as they are.
 */
export const replayRecordingText = (payload: Buffer) => {
  const newline = payload.indexOf(0x0a);
  const events = payload.subarray(newline + 1);
  try {
    return inflateSync(events).toString('utf8');
  } catch {
    return events.toString('utf8');
  }
};
