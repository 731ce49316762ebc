import { Component, type ErrorInfo, type ReactNode } from 'react';

type Props = { children: ReactNode; fallback: ReactNode };
type State = { hasFailed: boolean };

/**
 * Keeps the dashboard up when the chart chunk cannot be downloaded (a dropped mobile connection):
 * the figures and recent orders stay, and the chart place says what happened.
 */
export class ChartErrorBoundary extends Component<Props, State> {
  override state: State = { hasFailed: false };

  static getDerivedStateFromError(): State {
    return { hasFailed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('The volume chart failed to load.', error, info.componentStack);
  }

  override render() {
    return this.state.hasFailed ? this.props.fallback : this.props.children;
  }
}
