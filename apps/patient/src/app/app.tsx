import { useEffect, useState } from 'react';
import { HashRouter } from 'react-router';
import { persistOfflineQueries, restoreOfflineQueries } from '../lib/pwa/offline-queries';
import { AppProviders, createQueryClient } from './providers';
import { AppRoutes } from './router';

export function App() {
  // What the last visit kept for reading offline is in the cache before the first screen draws.
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    restoreOfflineQueries(client);
    return client;
  });
  useEffect(() => persistOfflineQueries(queryClient), [queryClient]);
  return (
    <AppProviders queryClient={queryClient}>
      <HashRouter>
        <AppRoutes />
      </HashRouter>
    </AppProviders>
  );
}
