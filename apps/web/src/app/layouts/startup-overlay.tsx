/**
 * index.html's loading overlay, drawn by React while the first route's code and loaders arrive, so
 * the screen never goes blank between the page's own overlay and the first screen.
 */
export const StartupOverlay = () => (
  <div className="loading-overlay" role="status" aria-live="polite">
    <span className="loading-overlay__spinner" aria-hidden="true" />
    <span>Loading Cargodesk…</span>
  </div>
);
