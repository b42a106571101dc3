import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/**
 * `render` and `cleanup` on this app's React 19. @testing-library/react is hoisted to the
 * root node_modules next to a React DOM 18 (another package's), so it would mount our
 * React 19 elements with the wrong renderer; queries come from @testing-library/dom.
 */
const mounted = new Set<{ root: Root; container: HTMLElement }>();

export function render(ui: ReactElement): { container: HTMLElement; unmount: () => void } {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  const entry = { root, container };
  mounted.add(entry);
  act(() => root.render(ui));
  return {
    container,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
      mounted.delete(entry);
    },
  };
}

export function cleanup(): void {
  for (const { root, container } of mounted) {
    act(() => root.unmount());
    container.remove();
  }
  mounted.clear();
}
