import { Outlet } from 'react-router';

/** `common/terms` with its child `:termsCode` (spec §2): the list and one document share the route. */
export function TermsLayout() {
  return <Outlet />;
}
