import { Link, useRouteError } from 'react-router-dom';

/** Shown when a screen cannot be loaded at all (for example, a new release replaced its code chunk). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <div className="page page--narrow">
      <h1>Something went wrong</h1>
      <p>This page could not be shown. Reload the page, or go back to the home page.</p>
      <p>
        <Link to="/">Back to Home</Link>
      </p>
    </div>
  );
}
