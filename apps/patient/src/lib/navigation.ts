/**
 * Navigation for code outside React (the API client): the router listens to the hash,
 * so changing it is a navigation like any other.
 */
export function navigateTo(path: string): void {
  if (currentPath() !== path) window.location.hash = `#${path}`;
}

/** The path inside the hash, e.g. `/hospital/home`; `/` when there is none. */
export function currentPath(): string {
  const hash = window.location.hash.replace(/^#/, '');
  return hash.startsWith('/') ? hash.split('?')[0]! : '/';
}
