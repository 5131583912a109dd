import { Component, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen';

type Props = { children: ReactNode /** The path: moving elsewhere clears the error. */; resetKey: string };
type State = { error: Error | null; resetKey: string };

/**
 * Catches render errors and failed lazy-chunk loads under the routes and shows the same screen the
 * data router would ('Unexpected Application Error!' with the message) instead of a blank page.
 */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override render() {
    return this.state.error ? <ErrorScreen detail={this.state.error.message} /> : this.props.children;
  }
}
