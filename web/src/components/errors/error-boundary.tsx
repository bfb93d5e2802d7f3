import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../../lib/error-reporting.ts';

export interface ErrorBoundaryProps {
  readonly children: ReactNode;
  /** What to render instead of `children` once one of them has thrown. */
  readonly fallback: ReactNode;
  /** Names the boundary in the error report sent to the server. */
  readonly component?: string;
}

interface ErrorBoundaryState {
  readonly failed: boolean;
}

/**
 * Catches errors thrown while rendering `children`, reports them to `/api/error/save` (failures
 * ignored) and shows `fallback` instead.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    void reportError({
      component: this.props.component ?? 'ErrorBoundary',
      error,
      info: info.componentStack ?? undefined,
    });
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
