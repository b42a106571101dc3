import { setImmediate } from 'node:timers/promises';

/**
 * Lets the event loop read sockets and run timers before going on. A chain of awaited
 * promises never does: long work split only by `await` still holds the loop from start to
 * end. PGlite runs each statement on the event loop, so a series of reads must yield
 * between them for the chat's messages (issue 11 point 7) to get in.
 */
export function yieldToEventLoop(): Promise<void> {
  return setImmediate();
}
