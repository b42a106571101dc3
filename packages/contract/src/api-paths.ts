/**
 * Every REST path, relative to API_PREFIX. Zod-free so the apps can import it without
 * pulling the schemas into their first screen; the schemas live next door by module.
 */
export const API_PREFIX = '/medical2/app/api';

export const apiPaths = {
  patient: {
    login: '/patient/login',
    iosLogin: '/patient/iosLogin',
    refresh: '/patient/refresh',
    getPatient: '/patient/getPatient',
    getMyData: '/patient/getMyData',
    updateMyData: '/patient/updateMyData',
    updateBodyInfo: '/patient/updateBodyInfo',
    updateFcmToken: '/patient/updateFcmToken',
    alarmUpdate: '/patient/alarmUpdate',
    getConsents: '/patient/getConsents',
    updateConsents: '/patient/updateConsents',
    deleteRequest: '/patient/deleteRequest',
    cancelDeleteRequest: '/patient/cancelDeleteRequest',
    delete: '/patient/delete',
    signUp: '/patient/signUp',
    requestPasswordReset: '/patient/requestPasswordReset',
    resetPassword: '/patient/resetPassword',
    // Logout (issue 10 point 13)
    logout: '/patient/logout',
  },
  staff: {
    login: '/staff/login',
    refresh: '/staff/refresh',
    getMyData: '/staff/getMyData',
    // Logout (issue 10 point 13)
    logout: '/staff/logout',
  },
  hospital: { getHospitalList: '/hospital/getHospitalList' },
  terms: { getTermsList: '/terms/getTermsList', getTerms: '/terms/getTerms' },
  chat: {
    currentRoom: '/chat/currentRoom',
    messages: '/chat/messages',
    rooms: '/chat/rooms',
    markRead: '/chat/markRead',
  },
  nurseCall: {
    getMyCalls: '/nurseCall/getMyCalls',
    getOpenCalls: '/nurseCall/getOpenCalls',
    acknowledge: '/nurseCall/acknowledge',
    complete: '/nurseCall/complete',
    cancel: '/nurseCall/cancel',
    // issue 10: this shift's handled calls
    getHandledCalls: '/nurseCall/getHandledCalls',
  },
  // issue 10 — admissions
  admission: {
    getPatients: '/admission/getPatients',
    admit: '/admission/admit',
    moveBed: '/admission/moveBed',
    discharge: '/admission/discharge',
    getMyAdmission: '/admission/getMyAdmission',
  },
  // issue 10 patient UX (points 6–7): public facts the app must not hard-code.
  patientPolicy: { deletionPolicy: '/patient/deletionPolicy' },
  // issue 12 — Kakao login (decision 016)
  kakao: {
    getConfig: '/kakao/getConfig',
    start: '/kakao/start',
    login: '/kakao/login',
    link: '/kakao/link',
    signUp: '/kakao/signUp',
    getMyLink: '/kakao/getMyLink',
    unlink: '/kakao/unlink',
    /** Kakao's own call when a user disconnects the app at Kakao (admin key). */
    unlinkCallback: '/kakao/unlinkCallback',
  },
  // issue 14 — hospital information (notices, FAQ, guides)
  hospitalContent: {
    getNoticeList: '/hospitalContent/getNoticeList',
    getContent: '/hospitalContent/getContent',
    getFaqList: '/hospitalContent/getFaqList',
    getGuideList: '/hospitalContent/getGuideList',
    getCategories: '/hospitalContent/getCategories',
    getEditorList: '/hospitalContent/getEditorList',
    getEditorContent: '/hospitalContent/getEditorContent',
    getChanges: '/hospitalContent/getChanges',
    create: '/hospitalContent/create',
    update: '/hospitalContent/update',
    publish: '/hospitalContent/publish',
    unpublish: '/hospitalContent/unpublish',
    delete: '/hospitalContent/delete',
    restore: '/hospitalContent/restore',
    uploadFile: '/hospitalContent/uploadFile',
    search: '/hospitalContent/search',
  },
  // issue 13 — home-care vital signs
  vitalSign: {
    record: '/vitalSign/record',
    getReadings: '/vitalSign/getReadings',
    update: '/vitalSign/update',
    delete: '/vitalSign/delete',
    getSummary: '/vitalSign/getSummary',
    getDashboard: '/vitalSign/getDashboard',
    importBatch: '/vitalSign/importBatch',
    getMyTargets: '/vitalSign/getMyTargets',
    getPatientTargets: '/vitalSign/getPatientTargets',
    setTarget: '/vitalSign/setTarget',
    clearTarget: '/vitalSign/clearTarget',
  },
  // issue 12 — the notification service: push history, Web Push, presence, staff test
  notification: {
    getMyNotifications: '/notification/getMyNotifications',
    getUnreadCount: '/notification/getUnreadCount',
    markRead: '/notification/markRead',
    markAllRead: '/notification/markAllRead',
    getVapidPublicKey: '/notification/getVapidPublicKey',
    saveWebPush: '/notification/saveWebPush',
    deleteWebPush: '/notification/deleteWebPush',
    presence: '/notification/presence',
    sendTest: '/notification/sendTest',
  },
  // issue 15 — medication reminders
  medication: {
    searchMedicine: '/medication/searchMedicine',
    getMyMedications: '/medication/getMyMedications',
    getMedication: '/medication/getMedication',
    add: '/medication/add',
    update: '/medication/update',
    stop: '/medication/stop',
    getDoses: '/medication/getDoses',
    getCalendar: '/medication/getCalendar',
    takeDose: '/medication/takeDose',
    skipDose: '/medication/skipDose',
    snoozeDose: '/medication/snoozeDose',
    getPatientMedications: '/medication/getPatientMedications',
    prescribe: '/medication/prescribe',
    change: '/medication/change',
    stopForPatient: '/medication/stopForPatient',
  },
  // issue 16 — document requests and issued certificates
  documentRequest: {
    getFees: '/documentRequest/getFees',
    create: '/documentRequest/create',
    getMyRequests: '/documentRequest/getMyRequests',
    getMyRequest: '/documentRequest/getMyRequest',
    cancel: '/documentRequest/cancel',
    download: '/documentRequest/download',
    getQueue: '/documentRequest/getQueue',
    getRequest: '/documentRequest/getRequest',
    review: '/documentRequest/review',
    issue: '/documentRequest/issue',
    reject: '/documentRequest/reject',
    verify: '/documentRequest/verify',
  },
  // issue 15 — diet logging
  diet: {
    searchFoods: '/diet/searchFoods',
    recordMeal: '/diet/recordMeal',
    updateMeal: '/diet/updateMeal',
    deleteMeal: '/diet/deleteMeal',
    getMeal: '/diet/getMeal',
    getPhoto: '/diet/getPhoto',
    getDay: '/diet/getDay',
    getPatientDiet: '/diet/getPatientDiet',
    getPatientPhoto: '/diet/getPatientPhoto',
    setTargets: '/diet/setTargets',
    resetTargets: '/diet/resetTargets',
  },
  // issue 13 — home-care nurse: watch list, patient page, note, stale-days setting, urgent alerts
  homeCare: {
    getWatchList: '/homeCare/getWatchList',
    getPatient: '/homeCare/getPatient',
    getPatientSummary: '/homeCare/getPatientSummary',
    saveNote: '/homeCare/saveNote',
    getSettings: '/homeCare/getSettings',
    setStaleDays: '/homeCare/setStaleDays',
    getOpenAlerts: '/homeCare/getOpenAlerts',
    acknowledgeAlert: '/homeCare/acknowledgeAlert',
  },
  // issue 16 — ratings (patient: rate a completed occasion; staff: the hospital's statistics)
  rating: {
    getMyRatings: '/rating/getMyRatings',
    getOccasion: '/rating/getOccasion',
    submit: '/rating/submit',
    getStats: '/rating/getStats',
  },
} as const;
