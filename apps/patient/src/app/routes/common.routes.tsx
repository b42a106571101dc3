import type { RouteObject } from 'react-router';
import { areaConfig, type Area } from '../../config/area';
import { paths } from '../../config/paths';
import { lazyScreen } from './lazy-screen';

/**
 * The screens both areas share (spec §2 `common/*`, settings, extra info): one component
 * each, mounted in both route families with the area as an input.
 */
export function sharedAreaRoutes(area: Area): RouteObject[] {
  const common = paths[area].common;
  const guard = { requiresLogin: area };
  return [
    {
      path: paths[area].login.path,
      ...lazyScreen(
        () => import('../../features/auth/login-screen').then((m) => m.LoginScreen),
        () => ({ area }),
        { firstScreen: true },
      ),
    },
    {
      path: paths[area].home.path,
      ...lazyScreen(
        () => import('../../features/patient/home-screen').then((m) => m.HomeScreen),
        () => ({ area }),
        { ...guard, firstScreen: true },
      ),
    },
    {
      path: paths[area].settingHome.path,
      ...lazyScreen(
        () => import('../../features/patient/settings-home-screen').then((m) => m.SettingsHomeScreen),
        () => ({ area }),
        guard,
      ),
    },
    {
      path: areaConfig[area].extraInfo,
      ...lazyScreen(
        // issue 13: the body-information screen shows the weight history of the vital signs
        async () => {
          const [{ ExtraInfoScreen }, { WeightHistory }] = await Promise.all([
            import('../../features/patient/extra-info-screen'),
            import('../../features/vital-signs/weight-history'),
          ]);
          return function ExtraInfoRoute({ area: shown }: { area: Area }) {
            return <ExtraInfoScreen area={shown} WeightHistory={WeightHistory} />;
          };
        },
        () => ({ area }),
        guard,
      ),
    },
    {
      path: common.terms.path,
      ...lazyScreen(
        () => import('../../features/terms/terms-layout').then((m) => m.TermsLayout),
        () => ({ area }),
      ),
      children: [
        {
          index: true,
          ...lazyScreen(
            () => import('../../features/terms/terms-list-screen').then((m) => m.TermsListScreen),
            () => ({ area }),
          ),
        },
        {
          path: common.termsDetail.path,
          ...lazyScreen(
            () => import('../../features/terms/terms-detail-screen').then((m) => m.TermsDetailScreen),
            (params) => ({ area, termsCode: params.termsCode ?? '' }),
          ),
        },
      ],
    },
    {
      path: common.patientDelete.path,
      ...lazyScreen(
        () => import('../../features/patient/patient-delete-screen').then((m) => m.PatientDeleteScreen),
        () => ({ area }),
        guard,
      ),
    },
    {
      path: common.hospitalSelect.path,
      ...lazyScreen(
        () => import('../../features/patient/hospital-select-screen').then((m) => m.HospitalSelectScreen),
        () => ({ area }),
        guard,
      ),
    },
    {
      path: common.alarm.path,
      ...lazyScreen(
        // issue 12: with this device's push switch from the notifications feature
        () =>
          Promise.all([
            import('../../features/patient/alarm-settings-screen'),
            import('../../features/notifications/device-push-toggle'),
          ]).then(
            ([{ AlarmSettingsScreen }, { DevicePushToggle }]) =>
              function AlarmRoute(props: { area: Area }) {
                return <AlarmSettingsScreen {...props} devicePush={<DevicePushToggle />} />;
              },
          ),
        () => ({ area }),
        guard,
      ),
    },
    {
      path: common.agreeList.path,
      ...lazyScreen(
        () => import('../../features/terms/agree-list-screen').then((m) => m.AgreeListScreen),
        () => ({ area }),
        guard,
      ),
    },
    // issue 12: the push history
    {
      path: paths[area].pushList.path,
      ...lazyScreen(
        () => import('../../features/notifications/push-list.route').then((m) => m.PushListRoute),
        () => ({ area }),
        guard,
      ),
    },
  ];
}
