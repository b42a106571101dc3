/**
 * Screens whose chunk is on its way, for the root layout's progress bar: the router keeps
 * the current screen up while the next one loads (it navigates in transitions), so this is
 * the only sign that something is happening.
 */
let pending = 0;
const listeners = new Set<() => void>();

function changeBy(delta: number): void {
  pending += delta;
  for (const listener of listeners) listener();
}

export const screenLoading = {
  /** Called from React.lazy's loader, which runs during a render: the count changes just after it. */
  track<T>(loading: Promise<T>): Promise<T> {
    queueMicrotask(() => changeBy(1));
    void loading.then(
      () => queueMicrotask(() => changeBy(-1)),
      () => queueMicrotask(() => changeBy(-1)),
    );
    return loading;
  },
  isLoading(): boolean {
    return pending > 0;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
