import { paths } from './paths';

/**
 * The two route families over the same screens (spec §2). What differs between them is
 * read from here (or passed as a prop), never from a copied screen.
 */
export const AREAS = ['hospital', 'homecare'] as const;
export type Area = (typeof AREAS)[number];

/** One entry on an area's home: where it goes and the i18n key of its label. */
export interface HomeEntry {
  key: string;
  href: string;
  /** Chat needs a chosen hospital first (spec §5); the home sends the patient to choose. */
  needsHospital?: boolean;
}

export const areaConfig = {
  hospital: {
    careArea: 'HOSPITAL',
    titleKey: 'app.titleHospital',
    home: paths.hospital.home.href(),
    login: paths.hospital.login.href(),
    /** Where failed or expired sessions land (spec §2). */
    sessionFailure: paths.hospital.login.href(),
    settingHome: paths.hospital.settingHome.href(),
    pushList: paths.hospital.pushList.href(),
    extraInfo: paths.hospital.extraInfo.href(),
    common: paths.hospital.common,
    homeEntries: [
      { key: 'consulting', href: paths.hospital.consultingChat.href(), needsHospital: true },
      { key: 'nurseCall', href: paths.hospital.nurseCallList.href(), needsHospital: true },
      { key: 'schedule', href: paths.hospital.scheduleList.href() },
      { key: 'guideSearch', href: paths.hospital.guideSearchList.href() },
      { key: 'documentRequest', href: paths.hospital.documentRequestList.href() },
      { key: 'newsNotice', href: paths.hospital.newsNotice.href() },
      { key: 'newsFaq', href: paths.hospital.newsFaq.href() },
      { key: 'serviceHome', href: paths.hospital.serviceHome.href() },
      { key: 'rating', href: paths.hospital.rateList.href() },
      { key: 'pushList', href: paths.hospital.pushList.href() },
    ] satisfies HomeEntry[],
  },
  homecare: {
    careArea: 'HOMECARE',
    titleKey: 'app.titleHomecare',
    home: paths.homecare.home.href(),
    login: paths.homecare.login.href(),
    sessionFailure: paths.homecare.loginCamel.href(),
    settingHome: paths.homecare.settingHome.href(),
    pushList: paths.homecare.pushList.href(),
    extraInfo: paths.homecare.extraInfo.href(),
    common: paths.homecare.common,
    homeEntries: [
      { key: 'myStatus', href: paths.homecare.myStatusDashboard.href() },
      { key: 'medication', href: paths.homecare.medicationMain.href() },
      { key: 'telemedicine', href: paths.homecare.telemedicineList.href() },
      { key: 'diet', href: paths.homecare.dietDashboard.href() },
      { key: 'qna', href: paths.homecare.qnaList.href() },
      { key: 'bodyInfo', href: paths.homecare.extraInfo.href() },
      { key: 'pushList', href: paths.homecare.pushList.href() },
    ] satisfies HomeEntry[],
  },
} as const;

export type AreaConfig = (typeof areaConfig)[Area];

/**
 * The area of the rating screen (`/hospital/rate?kind=…&idx=…`, the spec's one route for both):
 * a telemedicine visit is a home-care service (issue 17), so its rating logs in, goes back and
 * returns to home care; every other occasion to the hospital area.
 */
export function rateAreaOf(search: string): Area {
  return new URLSearchParams(search).get('kind') === 'TELEMEDICINE' ? 'homecare' : 'hospital';
}

/** Screens both areas open though their address is the hospital's (the spec's `/hospital/rate`). */
const SHARED_AREA_PATHS: readonly string[] = [paths.hospital.rate.path];

/**
 * Whether an area's login may send the patient back to `from` (a guarded screen's path and
 * query): a path inside the area, or a screen both areas share; never another origin.
 */
export function mayReturnTo(area: Area, from: string): boolean {
  if (!from.startsWith('/') || from.includes('//') || from.includes('\\')) return false;
  const prefix = `${areaConfig[area].home.split('/').slice(0, 2).join('/')}/`;
  return from.startsWith(prefix) || SHARED_AREA_PATHS.includes(from.split('?')[0]!);
}

/** The area a path belongs to; account routes and `/` count as hospital (spec §2 root redirect). */
export function areaOfPath(path: string): Area {
  return /^\/homecare(\/|$)/i.test(path) ? 'homecare' : 'hospital';
}
