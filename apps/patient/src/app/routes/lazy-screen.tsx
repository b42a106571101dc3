import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, useLocation, useParams, type Params, type RouteObject } from 'react-router';
import type { Area } from '../../config/area';
import { areaConfig } from '../../config/area';
import { ensureCatalogue } from '../../lib/i18n';
import { session } from '../../lib/session';
import { screenLoading } from './screen-loading';

interface LazyRouteProps<P extends object> {
  Screen: LazyExoticComponent<ComponentType<P>>;
  props: (params: Readonly<Params<string>>) => P;
  /** The area whose login a patient without a session goes to, or how to find it out then. */
  requiresLogin?: Area | ((location: { pathname: string; search: string }) => Area);
}

/**
 * The element of every screen's route: the guard, then the screen with its inputs. The
 * screen's chunk is requested only when it is rendered, so a guarded screen without a
 * session is never fetched.
 */
export function LazyRoute<P extends object>({ Screen, props, requiresLogin }: LazyRouteProps<P>) {
  const params = useParams();
  const location = useLocation();
  // No token at all: straight to the area's login, without the "please log in" toast
  // that the API client shows when a session dies under the patient's hands.
  if (requiresLogin && !session.isLoggedIn()) {
    const area = typeof requiresLogin === 'function' ? requiresLogin(location) : requiresLogin;
    // The login screen comes back here afterwards (the public page's "로그인하고 탈퇴하기").
    // With its query: a deep link such as `/hospital/rate?kind=TELEMEDICINE&idx=4` comes back whole.
    return (
      <Navigate
        to={areaConfig[area].login}
        replace
        state={{ from: `${location.pathname}${location.search}` }}
      />
    );
  }
  return <Screen {...params} {...props(params)} />;
}

/**
 * A lazy route (spec §2: "all screens load lazily; every route passes its route
 * parameters to the screen as inputs"). `props` maps the route's params (and the area)
 * to the screen's inputs, so the screen never reads the router itself. The root layout's
 * Suspense boundary shows the first screen's loading state; later screens load while the
 * current one stays up (the router navigates in transitions) under the progress bar.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  props: (params: Readonly<Params<string>>) => P,
  options: { requiresLogin?: LazyRouteProps<P>['requiresLogin']; firstScreen?: boolean } = {},
): Pick<RouteObject, 'element'> {
  const Screen = lazy(() =>
    screenLoading.track(
      // The screen's texts arrive with it: only the first screens' (login, home) Korean ships
      // with the app (locales/kr-KO.start.ts).
      Promise.all([load(), options.firstScreen ? undefined : ensureCatalogue()]).then(([Loaded]) => ({
        default: Loaded,
      })),
    ),
  );
  return { element: <LazyRoute Screen={Screen} props={props} requiresLogin={options.requiresLogin} /> };
}

/**
 * An area's base address (spec §2: redirects to the area's home). Without a session the
 * home would only send the patient on to the login (the guard above), so go there at once.
 */
export function AreaHome({ area }: { area: Area }) {
  return <Navigate to={session.isLoggedIn() ? areaConfig[area].home : areaConfig[area].login} replace />;
}

export function toAreaHome(area: Area): Pick<RouteObject, 'element'> {
  return { element: <AreaHome area={area} /> };
}
