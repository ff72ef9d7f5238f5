import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from './error-page.tsx';

interface Props {
  children: ReactNode;
  /** A change of this value (the location) clears a caught error. */
  resetKey: string;
  /** What to show instead of the children; default the generic error page. */
  fallback?: (error: unknown) => ReactNode;
}
interface State {
  error: unknown;
}

/** Spec 8: a screen that throws shows the generic error page instead of a blank page. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  componentDidUpdate(prev: Props): void {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  render() {
    if (!this.state.error) return this.props.children;
    return this.props.fallback ? this.props.fallback(this.state.error) : <ErrorPage error={this.state.error} />;
  }
}
