import { Component, type ReactNode } from 'react';

/**
 * Keeps a failure of something beside the page (the snack bar's code not arriving, offline) from taking the
 * whole portal down with it: outside the router's boundaries, React would otherwise unmount everything. What
 * failed shows nothing; the page stays.
 */
export class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('A part beside the page failed', error);
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
