import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a page cannot load (e.g. a new release replaced its code): never a blank page. */
export const RouteError = () => {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <main className="startup-failure" role="alert">
      <h1>This page could not be loaded</h1>
      <p>{detail}</p>
      <p>
        <a href={window.location.pathname}>Reload the page</a>
      </p>
    </main>
  );
};
