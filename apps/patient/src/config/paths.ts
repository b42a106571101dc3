/**
 * Every route of the patient app (spec §2) as `{ path, href() }`, so no screen assembles a
 * route string by hand. The two areas share the `common/*` screens; `areaPaths()` in
 * config/area.ts picks the family.
 */
type Static<P extends string> = { path: P; href: () => P };
type WithIdx<B extends string> = { path: `${B}/:idx`; href: (idx: number | string) => string };

// Each path keeps its literal type, so the browser tests' route list (e2e/support/routes.ts)
// is derived from this table and type-checks every route a test opens.
const route = <P extends string>(path: P): Static<P> => ({ path, href: () => path });
const withIdx = <B extends string>(base: B): WithIdx<B> => ({
  path: `${base}/:idx`,
  href: (idx) => `${base}/${encodeURIComponent(String(idx))}`,
});

function commonPaths<Prefix extends '/hospital' | '/homecare'>(prefix: Prefix) {
  return {
    terms: route(`${prefix}/common/terms`),
    /** Child of `terms` (spec §2: "with child route :termsCode"). */
    termsDetail: {
      path: ':termsCode' as const,
      /** The child's whole pattern, for the browser tests' route list. */
      fullPath: `${prefix}/common/terms/:termsCode` as const,
      href: (termsCode: string) => `${prefix}/common/terms/${encodeURIComponent(termsCode)}`,
    },
    patientDelete: route(`${prefix}/common/patientdelete`),
    hospitalSelect: route(`${prefix}/common/hospitalselect`),
    alarm: route(`${prefix}/common/alarm`),
    agreeList: route(`${prefix}/common/agreelist`),
  };
}

export const paths = {
  root: route('/'),
  hospital: {
    root: route('/hospital'),
    login: route('/hospital/login'),
    home: route('/hospital/home'),
    rateList: route('/hospital/ratelist'),
    rate: route('/hospital/rate'),
    settingHome: route('/hospital/setting/home'),
    pushList: route('/hospital/setting/pushlist'),
    extraInfo: route('/hospital/setting/extrainfo'),
    serviceHome: route('/hospital/service/home'),
    scheduleList: route('/hospital/schedulemanage/list'),
    scheduleDetail: withIdx('/hospital/schedulemanage'),
    nurseCallList: route('/hospital/nursecalling/list'),
    newsNotice: route('/hospital/news/notice'),
    newsFaq: route('/hospital/news/faq'),
    newsDetail: withIdx('/hospital/news'),
    kakaoCallback: route('/hospital/loginreceive/kakao'),
    guideSearchList: route('/hospital/guidesearch/list'),
    guideSearchDetail: withIdx('/hospital/guidesearch'),
    documentRequestList: route('/hospital/documentrequest/list'),
    documentRequestDetail: withIdx('/hospital/documentrequest'),
    consultingChat: route('/hospital/consulting/chat'),
    common: commonPaths('/hospital'),
  },
  homecare: {
    root: route('/homecare'),
    login: route('/homecare/login'),
    /** The session handling's spelling of the same screen (spec §2 gives both). */
    loginCamel: route('/homeCare/login'),
    home: route('/homecare/home'),
    telemedicineConfig: route('/homecare/telemedicine/config'),
    telemedicineList: route('/homecare/telemedicine/list'),
    telemedicineVideoCall: route('/homecare/telemedicine/videocall'),
    telemedicineDetail: withIdx('/homecare/telemedicine'),
    myStatusDashboard: route('/homecare/mystatus/dashboard'),
    tempRegist: route('/homecare/mystatus/temp/regist'),
    tempDetail: route('/homecare/mystatus/temp/detail'),
    spo2Detail: route('/homecare/mystatus/spo2/detail'),
    sleepRegist: route('/homecare/mystatus/sleep/regist'),
    sleepDetail: route('/homecare/mystatus/sleep/detail'),
    heartRateRegist: route('/homecare/mystatus/heartrate/regist'),
    heartRateDetail: route('/homecare/mystatus/heartrate/detail'),
    exerciseDetail: route('/homecare/mystatus/exercise/detail'),
    bloodPressureRegist: route('/homecare/mystatus/bloodpressure/regist'),
    bloodPressureDetail: route('/homecare/mystatus/bloodpressure/detail'),
    bloodGlucoseRegist: route('/homecare/mystatus/bloodglucose/regist'),
    bloodGlucoseDetail: route('/homecare/mystatus/bloodglucose/detail'),
    settingHome: route('/homecare/setting/home'),
    pushList: route('/homecare/setting/pushlist'),
    qnaList: route('/homecare/qna/list'),
    qnaRegist: route('/homecare/qna/regist'),
    qnaDetail: withIdx('/homecare/qna'),
    medicationMain: route('/homecare/medication/main'),
    medicationCalendar: route('/homecare/medication/calendar'),
    medicationDetail: withIdx('/homecare/medication'),
    kakaoCallback: route('/homecare/loginreceive/kakao'),
    dietRegist: route('/homecare/diet/regdiet'),
    dietDashboard: route('/homecare/diet/dashboard'),
    extraInfo: route('/homecare/bodyinfo/extrainfo'),
    common: commonPaths('/homecare'),
  },
  account: {
    accountDeletion: route('/account-deletion'),
    signUp: route('/sign-up'),
    signIn: route('/sign-in'),
    settings: route('/settings'),
    forgotPassword: route('/forgot-password'),
    detail: route('/detail'),
  },
} as const;
