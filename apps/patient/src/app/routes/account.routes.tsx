import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { lazyScreen } from './lazy-screen';

const p = paths.account;

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
        requiresLogin: 'hospital',
      },
    ),
  },
  {
    path: p.detail.path,
    ...lazyScreen(
      () => import('../../features/patient/profile-detail-screen').then((m) => m.ProfileDetailScreen),
      () => ({}),
      {
        requiresLogin: 'hospital',
      },
    ),
  },
];
