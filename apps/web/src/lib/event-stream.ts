import { serviceBaseUrl } from './api-client.ts';
import { readTokenCookie } from './cookie.ts';

export type TStreamMessage = { event: string; id?: string; data: string };

/**
 * A Server-Sent Events reader over fetch, so the Authorization header travels (EventSource cannot
 * set it). Reconnects with backoff and sends the last event id it saw, so the server resumes after
 * it and nothing is missed across a drop. Stops on 401 or 403 (the session handles those) unless
 * the token cookie changed meanwhile.
 */
export const openEventStream = ({
  path,
  onMessage,
  onOpen,
}: {
  path: string;
  onMessage: (message: TStreamMessage) => void;
  onOpen?: () => void;
}) => {
  let lastEventId: string | undefined;
  let controller: AbortController | undefined;
  let isStopped = false;
  let retryMs = 2000;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const dispatch = (block: string) => {
    let event = 'message';
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else if (field === 'id') id = value;
      else if (field === 'retry' && /^\d+$/.test(value)) retryMs = Number(value);
    }
    if (id) lastEventId = id;
    if (data.length > 0) onMessage({ event, ...(id ? { id } : {}), data: data.join('\n') });
  };

  const connect = async () => {
    if (isStopped) return;
    controller = new AbortController();
    const token = readTokenCookie();
    if (!token) return;
    try {
      const response = await fetch(
        new URL(`${serviceBaseUrl('notifyserver')}${path}`, window.location.origin),
        {
          headers: {
            accept: 'text/event-stream',
            authorization: token,
            ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
          },
          signal: controller.signal,
          cache: 'no-store',
        },
      );
      // The session handles a refusal, unless it already replaced the refused token (a new app
      // session after a password change): the stream goes on with the new one.
      if (response.status === 401 || response.status === 403) {
        if (readTokenCookie() === token) return;
        throw new Error('the stream was refused a token the session has replaced since');
      }
      if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
      failures = 0;
      onOpen?.();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value.replace(/\r\n?/g, '\n');
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          dispatch(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      failures += 1;
    }
    if (isStopped) return;
    // Doubling after failures, capped at 30 s; a stream the server ended reconnects after `retry`.
    const delay = Math.min(30_000, retryMs * 2 ** Math.max(0, failures - 1));
    timer = setTimeout(() => void connect(), delay);
  };

  void connect();
  return {
    stop: () => {
      isStopped = true;
      clearTimeout(timer);
      controller?.abort();
    },
  };
};
