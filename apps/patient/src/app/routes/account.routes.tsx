import type { RouteObject } from 'react-router';
import { areaOfPath, type Area } from '../../config/area';
import { paths } from '../../config/paths';
import { savedLastRoute } from '../../lib/last-route';
import { session } from '../../lib/session';
import { lazyScreen } from './lazy-screen';

const p = paths.account;

/**
 * The account routes belong to neither area, so a patient without a session is sent to
 * the login of the area they belong to: the stored profile's, when it names only one,
 * else the area of the last route they were on, else the hospital's (spec §2 root).
 */
export function accountLoginArea(): Area {
  const areas = session.snapshot().myData?.areas ?? [];
  if (areas.length === 1) return areas[0] === 'HOMECARE' ? 'homecare' : 'hospital';
  const last = savedLastRoute();
  if (last && /^\/(hospital|homecare)(\/|$)/i.test(last)) return areaOfPath(last);
  return 'hospital';
}

/** The general account area (spec §2 "Other routes"); /account-deletion is public on purpose. */
export const accountRoutes: RouteObject[] = [
  {
    path: p.accountDeletion.path,
    ...lazyScreen(
      () =>
        import('../../features/account-deletion/account-deletion-screen').then(
          (m) => m.AccountDeletionScreen,
        ),
      () => ({}),
    ),
  },
  {
    path: p.signUp.path,
    // Sign-up shows the terms to agree to: the app layer hands the terms feature's field in.
    ...lazyScreen(
      async () => {
        const [{ SignUpScreen }, { TermsAgreementField }] = await Promise.all([
          import('../../features/auth/sign-up-screen'),
          import('../../features/terms/terms-agreement-field'),
        ]);
        return function SignUpRoute() {
          return <SignUpScreen TermsField={TermsAgreementField} />;
        };
      },
      () => ({}),
    ),
  },
  {
    path: p.signIn.path,
    ...lazyScreen(
      () => import('../../features/auth/login-screen').then((m) => m.LoginScreen),
      () => ({ area: 'hospital' as const, variant: 'account' as const }),
      { firstScreen: true },
    ),
  },
  {
    path: p.forgotPassword.path,
    ...lazyScreen(
      () => import('../../features/auth/forgot-password-screen').then((m) => m.ForgotPasswordScreen),
      () => ({}),
    ),
  },
  {
    path: p.settings.path,
    ...lazyScreen(
      () => import('../../features/patient/account-settings-screen').then((m) => m.AccountSettingsScreen),
      () => ({}),
      {
        requiresLogin: accountLoginArea,
      },
    ),
  },
  {
    path: p.detail.path,
    ...lazyScreen(
      () => import('../../features/patient/profile-detail-screen').then((m) => m.ProfileDetailScreen),
      () => ({}),
      {
        requiresLogin: accountLoginArea,
      },
    ),
  },
];
