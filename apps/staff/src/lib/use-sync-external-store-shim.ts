/**
 * React 18+ has useSyncExternalStore built in. Libraries that still import the CommonJS
 * shim get this instead, so they use this app's React (the shim would load the older
 * React hoisted at the workspace root when Node resolves it in tests).
 */
export { useSyncExternalStore } from 'react';
