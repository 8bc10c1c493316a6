import { ErrorBoundary } from '../features/pages/error-boundary.component';

function Rethrow({ error }: { error: unknown }): never {
  throw error;
}

/** A start-up that failed (the language's strings did not load) ends in the general error view. */
export function StartupFailure({ error }: { error: unknown }) {
  return (
    // Drawn without the layout, so the page brings its own main landmark.
    <main id="main">
      <ErrorBoundary>
        <Rethrow error={error} />
      </ErrorBoundary>
    </main>
  );
}
