import { describe, expect, it } from 'vitest';
import { sentryOptions } from './sentry-client.ts';

// docs/product.md §9: error reporting records 10% of sessions and every session with an error,
// traces every request, and masks all text, inputs and media (passwords always). The rates are the
// spec's, written out; the masking is read from what the replay recorder is handed.

type TRecorderSettings = {
  maskAllText: boolean;
  maskAllInputs: boolean;
  maskInputOptions: { password?: boolean };
  maskTextSelector: string;
  blockSelector: string;
};

const options = sentryOptions({ dsn: 'https://public-key@errors.example/1', environment: 'production' });

describe('error reporting', () => {
  it('records 10% of sessions, every session with an error, and traces every request', () => {
    expect(options).toMatchObject({
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
      tracesSampleRate: 1,
      sendDefaultPii: false,
    });
  });

  it('hands the replay recorder every text, input and medium masked or blocked, passwords always', () => {
    const replay = options.integrations.find(({ name }) => name === 'Replay') as unknown as
      | { _recordingOptions: TRecorderSettings }
      | undefined;
    const recorder = replay?._recordingOptions;
    expect(recorder).toMatchObject({
      maskAllText: true,
      maskAllInputs: true,
      maskInputOptions: { password: true },
    });
    expect(recorder?.maskTextSelector.split(',')).toContain('input[type="password"]');
    expect(recorder?.blockSelector.split(',')).toEqual(
      expect.arrayContaining(['img', 'svg', 'video', 'audio']),
    );
  });
});
