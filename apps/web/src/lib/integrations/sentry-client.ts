import { browserTracingIntegration, init, replayIntegration, setContext, setUser } from '@sentry/browser';

export type TErrorReportingSettings = { dsn: string; environment: string };
export type TErrorReportingUser = {
  user: { id: string; email: string };
  company: { id: string; name: string };
};

// Its own chunk, imported only on the production host with a DSN configured, so the SDK and the
// replay recorder never weigh on the main bundle (docs/decisions/004, 021).

/** docs/product.md §9: the rates and masking of error reporting with session replay. */
export const sentryOptions = ({ dsn, environment }: TErrorReportingSettings) => ({
  dsn,
  environment,
  tracesSampleRate: 1.0,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1.0,
  // No IP addresses, cookies or request bodies: who the user is comes from setUser below only.
  sendDefaultPii: false,
  integrations: [
    browserTracingIntegration(),
    replayIntegration({
      maskAllText: true,
      maskAllInputs: true,
      blockAllMedia: true,
      // Masked by the recorder in any case; named so that no option change can ever unmask them.
      mask: ['input[type="password"]'],
    }),
  ],
});

export const startSentry = (settings: TErrorReportingSettings) => init(sentryOptions(settings));

/** The signed-in user and company on every report from now on; null after logout. */
export const identifySentryUser = (identity: TErrorReportingUser | null) => {
  setUser(identity ? { id: identity.user.id, email: identity.user.email } : null);
  setContext('company', identity ? { id: identity.company.id, name: identity.company.name } : null);
};
