import type { TRuntimeConfig } from '../config/runtime-config.ts';
import { type TApiReadiness, useApiReadiness } from './use-api-readiness.ts';

const readinessLabels: Record<TApiReadiness, string> = {
  checking: 'Checking…',
  ready: 'Answering',
  unavailable: 'Not answering',
};

const projectLabels: Record<TRuntimeConfig['identity']['projectForHost'], string> = {
  production: 'Production',
  test: 'Test',
};

/** Interim home page until the real screens land: what runs here and whether the API answers. */
export const StatusPage = ({ config }: { config: TRuntimeConfig }) => {
  const { readiness, recheck } = useApiReadiness();

  return (
    <main className="status-page">
      <header className="status-page__brand">
        <img src="/favicon.svg" alt="" width={40} height={40} />
        <div>
          <h1>Cargodesk</h1>
          <p>Freight and cargo administration</p>
        </div>
      </header>

      <section className="status-card" aria-labelledby="status-heading">
        <h2 id="status-heading">System status</h2>
        <dl>
          <div className="status-card__row">
            <dt>API</dt>
            <dd>
              <span role="status" className={`status-badge status-badge--${readiness}`}>
                {readinessLabels[readiness]}
              </span>
              {readiness === 'unavailable' && (
                <button type="button" className="link-button" onClick={recheck}>
                  Check again
                </button>
              )}
            </dd>
          </div>
          <div className="status-card__row">
            <dt>Identity project</dt>
            <dd>{projectLabels[config.identity.projectForHost]}</dd>
          </div>
          {config.devMailbox && (
            <div className="status-card__row">
              <dt>Outgoing mail</dt>
              <dd>
                Captured — <a href="/dev/mail">Developer mailbox</a>
              </dd>
            </div>
          )}
        </dl>
      </section>
    </main>
  );
};
