import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A real webhook receiver on 127.0.0.1 for the tests: it records every request and answers as the
// test says, and checks a request's signature the way a customer's receiver would.

export type TReceived = { headers: IncomingHttpHeaders; body: string; receivedAt: number };

export const startReceiver = async (
  answer: (request: TReceived, response: ServerResponse, index: number) => void | Promise<void> = (
    _request,
    response,
  ) => {
    response.writeHead(200).end('ok');
  },
) => {
  const received: TReceived[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      };
      received.push(entry);
      void answer(entry, response, received.length - 1);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** Whether a request carries a valid signature of its id, timestamp and body under `secret`. */
export const isSignedBy = ({ headers, body }: TReceived, secret: string) => {
  const id = String(headers['webhook-id']);
  const timestamp = String(headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return String(headers['webhook-signature'])
    .split(' ')
    .some((value) => value === `v1,${expected}`);
};
