import { Component, lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { OfflineBanner } from '../components/ui/offline-banner';
import { RouteErrorScreen } from '../components/ui/route-error-screen';
import { LoadingView } from '../components/ui/state-views';
import { ensureCatalogue } from '../lib/i18n';
import { rememberRoute } from '../lib/last-route';
import { useSession } from '../lib/use-session';
import { screenLoading } from './routes/screen-loading';

/** Issue 12: the in-app notice, loaded after the first screen (decision 004's budget). */
const NotificationNotice = lazy(() =>
  Promise.all([import('../features/notifications/notification-notice'), ensureCatalogue()]).then(([m]) => ({
    default: m.NotificationNotice,
  })),
);

/**
 * Remembers every reached route (spec §2), shows a thin bar while a screen loads, the
 * loading state until the first screen is there, and the error screen when a screen fails.
 */
export function RootLayout() {
  const location = useLocation();
  const loading = useSyncExternalStore(screenLoading.subscribe, screenLoading.isLoading);
  const { accessToken } = useSession();
  useEffect(() => {
    rememberRoute(`${location.pathname}${location.search}`);
  }, [location.pathname, location.search]);
  return (
    <>
      {loading && <div className="route-progress" aria-hidden="true" />}
      {/* issue 12: the in-app notice */}
      {accessToken && (
        <Suspense fallback={null}>
          <NotificationNotice />
        </Suspense>
      )}
      <OfflineBanner />
      <ScreenErrorBoundary path={location.pathname}>
        <Suspense fallback={<LoadingView />}>
          <Outlet />
        </Suspense>
      </ScreenErrorBoundary>
    </>
  );
}

interface BoundaryState {
  error: unknown;
  failed: boolean;
  path: string;
}

/** A screen that throws (or whose chunk cannot load) shows the error screen until the patient moves on. */
class ScreenErrorBoundary extends Component<{ path: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, failed: false, path: this.props.path };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(
    props: { path: string },
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.path === state.path ? null : { error: null, failed: false, path: props.path };
  }

  override render() {
    return this.state.failed ? <RouteErrorScreen error={this.state.error} /> : this.props.children;
  }
}
