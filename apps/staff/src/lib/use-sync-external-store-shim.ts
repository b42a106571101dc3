/**
 * React 18+ has useSyncExternalStore built in. Libraries that still import the shim get
 * React's own hook instead: the shim's code is dead weight in the console's bundle.
 */
export { useSyncExternalStore } from 'react';
