import { useState } from 'react';
import { HashRouter } from 'react-router';
import { AppProviders, createQueryClient } from './providers';
import { AppRoutes } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProviders queryClient={queryClient}>
      <HashRouter>
        <AppRoutes />
      </HashRouter>
    </AppProviders>
  );
}
