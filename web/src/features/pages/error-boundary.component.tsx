import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from './error-fallback.component';

interface Props {
  children: ReactNode;
  /** Where crashes are reported; error reporting plugs in here. */
  onError?: (error: unknown, info: ErrorInfo) => void;
  /** A new value clears a shown error (the route's address: moving on leaves the crashed screen). */
  resetKey?: unknown;
}

interface State {
  error: unknown;
}

const reportToConsole = (error: unknown, info: ErrorInfo) => console.error(error, info.componentStack);

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    (this.props.onError ?? reportToConsole)(error, info);
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.error !== null && previous.resetKey !== this.props.resetKey)
      this.setState({ error: null });
  }

  override render() {
    if (this.state.error !== null) return <ErrorFallback error={this.state.error} />;
    return this.props.children;
  }
}
