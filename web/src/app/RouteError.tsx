import { Component, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** Shown when a screen cannot be shown at all (for example, a new release replaced its code chunk). */
function RouteError() {
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

interface BoundaryProps {
  children: ReactNode;
}

/** Catches what a screen throws while rendering or loading, in place of the screen; a new address clears it. */
export class RouteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
