// Test helpers for the notification stream; imported by tests and the bench only.

export type TStreamEvent = { event: string; id?: string; data: unknown };

/**
 * Reads /notifyserver/api/v1/stream with fetch, as the web client does (the Authorization header
 * travels), and keeps every event and comment it receives.
 */
export const openNotificationStream = async (
  origin: string,
  token: string,
  { lastEventId }: { lastEventId?: string } = {},
) => {
  const controller = new AbortController();
  const response = await fetch(`${origin}/notifyserver/api/v1/stream`, {
    headers: { authorization: token, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: controller.signal,
  });
  const events: TStreamEvent[] = [];
  const comments: string[] = [];
  const listeners = new Set<() => void>();
  let isEnded = false;
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  const parseBlock = (block: string) => {
    let event = 'message';
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments.push(line.slice(1).trim());
      else if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('id:')) id = line.slice(3).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trim());
    }
    if (data.length > 0) events.push({ event, ...(id ? { id } : {}), data: JSON.parse(data.join('\n')) });
  };
  const reading = (async () => {
    if (!response.body) return;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          parseBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
        notify();
      }
    } catch {
      // Aborted.
    } finally {
      isEnded = true;
      notify();
    }
  })();

  /**
   * Checks `settle` after every chunk the stream delivers: it answers `done` to resolve, `failed`
   * to reject, or nothing to keep waiting; after `timeoutMs` the wait fails with `timeoutMessage`.
   */
  const waitUntil = <T>(
    settle: () => { done: T } | { failed: string } | undefined,
    timeoutMs: number,
    timeoutMessage: () => string,
  ) =>
    new Promise<T>((resolve, reject) => {
      const check = () => {
        const outcome = settle();
        if (!outcome) return;
        cleanup();
        if ('done' in outcome) resolve(outcome.done);
        else reject(new Error(outcome.failed));
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(timeoutMessage()));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });

  /** Resolves with the events once `predicate` holds; rejects after `timeoutMs`. */
  const waitFor = (predicate: (events: TStreamEvent[]) => boolean, timeoutMs = 5000) =>
    waitUntil<TStreamEvent[]>(
      () => {
        if (predicate(events)) return { done: events };
        if (isEnded) return { failed: `The stream ended; events so far: ${JSON.stringify(events)}` };
        return undefined;
      },
      timeoutMs,
      () => `Timed out after ${timeoutMs} ms; events so far: ${JSON.stringify(events)}`,
    );

  /** Resolves once the server has ended the stream; rejects after `timeoutMs` if it is still open. */
  const waitForEnd = (timeoutMs = 5000) =>
    waitUntil<void>(
      () => (isEnded ? { done: undefined } : undefined),
      timeoutMs,
      () => `The stream was still open after ${timeoutMs} ms`,
    );

  return {
    response,
    events,
    waitForEnd,
    isEnded: () => isEnded,
    comments,
    waitFor,
    /** The SSE id of the last event that carried one: what a reconnecting client sends. */
    lastEventId: () => events.findLast((event) => event.id)?.id,
    notifications: () => events.filter((event) => event.event === 'notification'),
    close: async () => {
      controller.abort();
      await reading;
    },
  };
};
