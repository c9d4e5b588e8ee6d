import { Component, type ReactNode } from 'react';
import { CrashScreen } from './CrashScreen.tsx';

interface State {
  error: Error | null;
}

/** Catches a client-side render error and shows the crash screen, whose button renders again. */
export class CrashBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    if (this.state.error) {
      return <CrashScreen error={this.state.error} onTryAgain={() => this.setState({ error: null })} />;
    }
    return this.props.children;
  }
}
