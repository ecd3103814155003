import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { RouteErrorPage } from './route-error-page';

interface State {
  error: unknown;
  failed: boolean;
  /** The path the error happened on: going elsewhere clears it. */
  at: string | undefined;
}

class Boundary extends Component<{ pathname: string; children: ReactNode }, State> {
  override state: State = { error: undefined, failed: false, at: undefined };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: State): Partial<State> | null {
    if (state.failed && state.at !== undefined && state.at !== props.pathname) {
      return { error: undefined, failed: false, at: undefined };
    }
    return null;
  }

  override componentDidCatch() {
    this.setState({ at: this.props.pathname });
  }

  override render() {
    return this.state.failed ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}

/**
 * What a failing route shows in place of its page (a chunk that could not be downloaded, or
 * a bug): the route error page, until the visitor goes to another path.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary pathname={pathname}>{children}</Boundary>;
}
