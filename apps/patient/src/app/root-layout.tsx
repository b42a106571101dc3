import { useEffect } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { rememberRoute } from '../lib/last-route';

/** Remembers every reached route (spec §2) and shows a thin bar while a screen loads. */
export function RootLayout() {
  const location = useLocation();
  const navigation = useNavigation();
  useEffect(() => {
    rememberRoute(`${location.pathname}${location.search}`);
  }, [location.pathname, location.search]);
  return (
    <>
      {navigation.state === 'loading' && <div className="route-progress" aria-hidden="true" />}
      <Outlet />
    </>
  );
}
