import type { ComponentType } from 'react';
import { Navigate, useParams, type Params, type RouteObject } from 'react-router';
import type { Area } from '../../config/area';
import { areaConfig } from '../../config/area';
import { ensureCatalogue } from '../../lib/i18n';
import { session } from '../../lib/session';

/**
 * A lazy route (spec §2: "all screens load lazily; every route passes its route
 * parameters to the screen as inputs"). `props` maps the route's params (and the area)
 * to the screen's inputs, so the screen never reads the router itself.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  props: (params: Readonly<Params<string>>) => P,
  options: { requiresLogin?: Area; firstScreen?: boolean } = {},
): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      // The screen's texts arrive with it: only the first screens' (login, home) Korean ships
      // with the app (locales/kr-KO.start.ts).
      const [Screen] = await Promise.all([load(), options.firstScreen ? undefined : ensureCatalogue()]);
      function RouteScreen() {
        const params = useParams();
        // No token at all: straight to the area's login, without the "please log in" toast
        // that the API client shows when a session dies under the patient's hands.
        if (options.requiresLogin && !session.isLoggedIn()) {
          return <Navigate to={areaConfig[options.requiresLogin].login} replace />;
        }
        return <Screen {...params} {...props(params)} />;
      }
      return { Component: RouteScreen };
    },
  };
}

/** Later features (issue 3): one translated "in preparation" screen with a way home. */
export function preparing(area: Area): Pick<RouteObject, 'lazy'> {
  return lazyScreen(
    () => import('../../components/ui/in-preparation-screen').then((m) => m.InPreparationScreen),
    () => ({ home: areaConfig[area].home }),
  );
}
