import { Component, type ReactNode } from 'react';

type ErrorBoundaryProps = {
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
};

type ErrorBoundaryState = { hasError: boolean; error: unknown };

/** React only catches render errors in a class component; this is the one such class. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { hasError: false, error: undefined };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { hasError: true, error };
  }

  override render() {
    return this.state.hasError ? this.props.fallback(this.state.error) : this.props.children;
  }
}
