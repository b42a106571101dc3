import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { StaffProfile } from '@smartcare/contract/staff';
import { AppProvider } from '../app/provider';
import type { AppServices } from '../app/services';
import { createApiClient } from '../lib/api-client';
import { createI18n } from '../lib/i18n';
import { RealtimeContext } from '../lib/realtime';
import { createSessionStore } from '../lib/session';
import { staffProfile } from './factories';
import { createFakeFetch, type FakeRoute } from './fake-server';
import { createFakeRealtime, type FakeRealtime } from './fake-realtime';

export interface RenderOptions {
  routes?: Record<string, FakeRoute>;
  realtime?: FakeRealtime;
  me?: StaffProfile;
  route?: string;
}

/** Renders a screen as a logged-in staff member, in Korean, against a fake server and broker. */
export function renderConsole(ui: ReactElement, options: RenderOptions = {}) {
  const me = options.me ?? staffProfile();
  const realtime = options.realtime ?? createFakeRealtime();
  const session = createSessionStore(localStorage, sessionStorage);
  session.start(me.loginId, { accessToken: 'access-1', refreshToken: 'refresh-1' }, false);
  session.saveMyData(me);
  const server = createFakeFetch(options.routes ?? {});
  const api = createApiClient({ session, fetch: server.fetch });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const services: AppServices = {
    session,
    api,
    queryClient,
    i18n: createI18n('kr-KO'),
    createRealtime: () => realtime,
  };
  const user = userEvent.setup({ delay: null });
  const result = render(
    <AppProvider services={services}>
      <RealtimeContext.Provider value={realtime}>
        <MemoryRouter initialEntries={[options.route ?? '/']}>{ui}</MemoryRouter>
      </RealtimeContext.Provider>
    </AppProvider>,
  );
  return { ...result, me, realtime, requests: server.requests, services, user };
}
