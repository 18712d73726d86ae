import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiServer, apiUrl, clearCookies, errorBody, setTokenCookie } from '../test/api-server.ts';
import { openEventStream, type TStreamMessage } from './event-stream.ts';

const streamUrl = apiUrl('/notifyserver/api/v1/stream');

/** A text/event-stream answer that sends the chunks, then ends (as the server does on a restart). */
const eventStream = (chunks: string[]) => {
  const encoder = new TextEncoder();
  return new HttpResponse(
    new ReadableStream({
      start: (controller) => {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
        controller.close();
      },
    }),
    { headers: { 'content-type': 'text/event-stream' } },
  );
};

/** The request headers of each connection the reader opened, in order. */
const connections: Headers[] = [];

let stream: { stop: () => void } | undefined;
afterEach(() => {
  stream?.stop();
  stream = undefined;
  connections.length = 0;
  clearCookies();
});

const open = () => {
  const messages: TStreamMessage[] = [];
  stream = openEventStream({ path: '/stream', onMessage: (message) => messages.push(message) });
  return messages;
};

describe('openEventStream', () => {
  it('parses event blocks split across chunks, with CRLF, comments and multi-line data', async () => {
    setTokenCookie('app-token');
    apiServer.use(
      http.get(streamUrl, ({ request }) => {
        connections.push(request.headers);
        if (connections.length > 1) return new HttpResponse(null, { status: 503 });
        return eventStream([
          ': keep-alive\n\n',
          'event: notification\r\nid: 41\r\ndata: {"title":"Invoice sent"}\r\n\r\n',
          'data: first line\ndata:',
          ' second line\n\n',
          'event: ignored-without-data\nid: 42\n\n',
        ]);
      }),
    );
    const messages = open();
    await vi.waitFor(() => expect(messages).toHaveLength(2));
    expect(messages).toEqual([
      { event: 'notification', id: '41', data: '{"title":"Invoice sent"}' },
      { event: 'message', data: 'first line\nsecond line' },
    ]);
    expect(connections[0]?.get('authorization')).toBe('app-token');
    expect(connections[0]?.get('accept')).toBe('text/event-stream');
    expect(connections[0]?.has('last-event-id')).toBe(false);
  });

  it('reconnects after the server ends the stream, sending the last event id it saw', async () => {
    setTokenCookie('app-token');
    apiServer.use(
      http.get(streamUrl, ({ request }) => {
        connections.push(request.headers);
        // `retry` keeps the reconnection delay short; the id is where the next connection resumes.
        if (connections.length === 1) return eventStream(['retry: 10\n\n', 'id: 7\ndata: hello\n\n']);
        return eventStream(['id: 8\ndata: after the drop\n\n']);
      }),
    );
    const messages = open();
    await vi.waitFor(() => expect(connections.length).toBeGreaterThanOrEqual(2));
    expect(connections[1]?.get('last-event-id')).toBe('7');
    await vi.waitFor(() => expect(messages.map(({ data }) => data)).toContain('after the drop'));
  });

  it('after a 401, reconnects with the renewed token when the cookie changed meanwhile', async () => {
    setTokenCookie('old-token');
    apiServer.use(
      http.get(streamUrl, ({ request }) => {
        connections.push(request.headers);
        if (connections.length === 1) return eventStream(['retry: 10\n\n']);
        if (connections.length === 2) {
          // The session opened a new app session (a password change) while this request was out.
          setTokenCookie('renewed-token');
          return HttpResponse.json(errorBody('UNAUTHORIZED', 'Session ended'), { status: 401 });
        }
        return eventStream(['data: still listening\n\n']);
      }),
    );
    const messages = open();
    await vi.waitFor(() => expect(messages.map(({ data }) => data)).toContain('still listening'));
    // The third stream ends too, so the reader may have reconnected again since: the first three tell.
    expect(connections.slice(0, 3).map((headers) => headers.get('authorization'))).toEqual([
      'old-token',
      'old-token',
      'renewed-token',
    ]);
  });

  it('stops after a 401 when the cookie still holds the refused token (the session logs out)', async () => {
    setTokenCookie('old-token');
    apiServer.use(
      http.get(streamUrl, ({ request }) => {
        connections.push(request.headers);
        if (connections.length === 1) return eventStream(['retry: 10\n\n']);
        return HttpResponse.json(errorBody('UNAUTHORIZED', 'Session ended'), { status: 401 });
      }),
    );
    open();
    await vi.waitFor(() => expect(connections).toHaveLength(2));
    // Ten times the reconnection delay: a reader that kept going would have asked again by now.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(connections).toHaveLength(2);
  });
});
