import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportClientError } from '../../lib/client-log';
import { ErrorFallback } from './error-fallback';

interface State {
  error: unknown;
  hasError: boolean;
}

/** Root boundary: catches crashes outside the router (providers, toaster) and reports them. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportClientError(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.hasError ? <ErrorFallback error={this.state.error} /> : this.props.children;
  }
}
