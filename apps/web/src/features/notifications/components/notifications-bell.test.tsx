import type { TNotification } from '@cargodesk/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiServer, apiUrl, clearCookies, setTokenCookie } from '@/test/api-server.ts';
import { NotificationsBell } from './notifications-bell.tsx';

// The bell as the navbar mounts it: its count comes from the unread list in the query cache, which
// the event stream keeps current. The server is played at the network edge.

const notification = (id: string, title: string): TNotification =>
  ({ _id: id, title, body: '', status: 'new', createdAt: '2026-11-23T08:00:00.000Z' }) as TNotification;

/** A stream the test writes events to, one `send` at a time, like the server's. */
const openStream = () => {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start: (streamController) => {
      controller = streamController;
    },
  });
  return {
    response: () => new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } }),
    send: (event: string, data: unknown) =>
      controller?.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
  };
};

let queryClient: QueryClient | undefined;
afterEach(() => {
  queryClient?.clear();
  clearCookies();
});

/** Serves `unread` as the list; every read of it is counted. */
const serveUnread = (unread: () => TNotification[]) => {
  const reads = { count: 0 };
  apiServer.use(
    http.get(apiUrl('/notifyserver/api/v1/notifications'), ({ request }) => {
      reads.count += 1;
      expect(new URL(request.url).searchParams.get('status')).toBe('new');
      const data = unread();
      return HttpResponse.json({ data, meta: { total: data.length, page: 1, limit: 10 } });
    }),
  );
  return reads;
};

const renderBell = () => {
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const screen = render(
    <QueryClientProvider client={queryClient}>
      <NotificationsBell isOpen={false} onOpenChange={() => undefined} />
    </QueryClientProvider>,
  );
  const count = () =>
    screen.getByTestId('notifications-badge').querySelector('[title]')?.getAttribute('title');
  return { screen, count };
};

describe('NotificationsBell', () => {
  it('counts the unread list, then follows the stream as notifications arrive and are read elsewhere', async () => {
    setTokenCookie('app-token');
    let unread = [notification('n1', 'Invoice sent'), notification('n2', 'Rate changed')];
    const reads = serveUnread(() => unread);
    const stream = openStream();
    apiServer.use(http.get(apiUrl('/notifyserver/api/v1/stream'), () => stream.response()));

    const { count } = renderBell();
    await vi.waitFor(() => expect(count()).toBe('2 unread'));

    // A new one shows at once, before the reload that confirms it.
    const arrived = notification('n3', 'Welcome aboard');
    unread = [arrived, ...unread];
    stream.send('notification', arrived);
    await vi.waitFor(() => expect(count()).toBe('3 unread'));

    // Read in another tab: the server names what changed.
    const readsBefore = reads.count;
    unread = unread.filter((item) => item._id !== 'n1');
    stream.send('changed', { ids: ['n1'] });
    await vi.waitFor(() => expect(count()).toBe('2 unread'));
    await vi.waitFor(() => expect(reads.count).toBeGreaterThan(readsBefore));

    // Marked all read elsewhere.
    unread = [];
    stream.send('changed', { ids: null });
    await vi.waitFor(() => expect(count()).toBe('0 unread'));
  });

  it('shows "9+" above nine unread', async () => {
    setTokenCookie('app-token');
    const ten = Array.from({ length: 10 }, (_, index) => notification(`n${index}`, `Notice ${index}`));
    serveUnread(() => ten);
    apiServer.use(http.get(apiUrl('/notifyserver/api/v1/stream'), () => openStream().response()));

    const { screen, count } = renderBell();
    await vi.waitFor(() => expect(count()).toBe('10 unread'));
    expect(screen.getByTestId('notifications-badge').textContent).toContain('9+');
  });
});
