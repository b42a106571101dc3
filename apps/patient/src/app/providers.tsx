import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RealtimeContext } from '@smartcare/web-core/use-realtime';
import type { ReactNode } from 'react';
import { DeviceFrame } from '../components/ui/device-frame';
import { ToastHost } from '../components/ui/toast-host';
import { ApiError } from '../lib/api-error';
import { patientConnection } from '../lib/realtime-connection';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A server's "no" (validation, not found, forbidden) will not change on retry.
        retry: (failureCount, error) => !(error instanceof ApiError) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
      // A change made offline is refused at once with the reason (the API client refuses it
      // before sending), rather than paused and sent hours later behind the patient's back.
      mutations: { networkMode: 'always' },
    },
  });
}

/**
 * Providers of the whole app. The component library's locale is not a provider here:
 * lib/antd-mobile.ts sets it as the library's default, loaded with the first screen that
 * uses the library, so the first screen carries no component library at all. The real-time
 * connection is only provided here: it connects with the session, and mqtt.js loads only then.
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeContext.Provider value={patientConnection}>
        <DeviceFrame>{children}</DeviceFrame>
      </RealtimeContext.Provider>
      <ToastHost />
    </QueryClientProvider>
  );
}
