// The console's real-time connection is the shared client core's (packages/web-core).
export * from '@smartcare/web-core/realtime';
export * from '@smartcare/web-core/use-realtime';
