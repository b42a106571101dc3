import { apiPaths } from './api-paths.ts';

/**
 * Method and path of every REST call, by module and call name: the zod-free half of
 * `api-calls.ts` (which adds the query, body and response schemas), so the apps build their
 * typed calls from it without the schemas entering the patient app's first screen.
 */
export type CallMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface CallRoute {
  readonly method: CallMethod;
  readonly path: string;
}

const route = <M extends CallMethod, P extends string>(method: M, path: P) => ({ method, path }) as const;

export const apiCallRoutes = {
  patient: {
    login: route('POST', apiPaths.patient.login),
    iosLogin: route('POST', apiPaths.patient.iosLogin),
    refresh: route('POST', apiPaths.patient.refresh),
    getPatient: route('GET', apiPaths.patient.getPatient),
    getMyData: route('GET', apiPaths.patient.getMyData),
    updateMyData: route('PUT', apiPaths.patient.updateMyData),
    updateBodyInfo: route('PUT', apiPaths.patient.updateBodyInfo),
    updateFcmToken: route('PUT', apiPaths.patient.updateFcmToken),
    alarmUpdate: route('PUT', apiPaths.patient.alarmUpdate),
    getConsents: route('GET', apiPaths.patient.getConsents),
    updateConsents: route('PUT', apiPaths.patient.updateConsents),
    deleteRequest: route('DELETE', apiPaths.patient.deleteRequest),
    cancelDeleteRequest: route('POST', apiPaths.patient.cancelDeleteRequest),
    delete: route('DELETE', apiPaths.patient.delete),
    signUp: route('POST', apiPaths.patient.signUp),
    requestPasswordReset: route('POST', apiPaths.patient.requestPasswordReset),
    resetPassword: route('POST', apiPaths.patient.resetPassword),
    logout: route('POST', apiPaths.patient.logout),
  },
  staff: {
    login: route('POST', apiPaths.staff.login),
    refresh: route('POST', apiPaths.staff.refresh),
    getMyData: route('GET', apiPaths.staff.getMyData),
    logout: route('POST', apiPaths.staff.logout),
  },
  hospital: { getHospitalList: route('GET', apiPaths.hospital.getHospitalList) },
  terms: {
    getTermsList: route('GET', apiPaths.terms.getTermsList),
    getTerms: route('GET', apiPaths.terms.getTerms),
  },
  chat: {
    currentRoom: route('GET', apiPaths.chat.currentRoom),
    messages: route('GET', apiPaths.chat.messages),
    rooms: route('GET', apiPaths.chat.rooms),
    markRead: route('PUT', apiPaths.chat.markRead),
  },
  nurseCall: {
    getMyCalls: route('GET', apiPaths.nurseCall.getMyCalls),
    getOpenCalls: route('GET', apiPaths.nurseCall.getOpenCalls),
    getHandledCalls: route('GET', apiPaths.nurseCall.getHandledCalls),
    acknowledge: route('PUT', apiPaths.nurseCall.acknowledge),
    complete: route('PUT', apiPaths.nurseCall.complete),
    cancel: route('PUT', apiPaths.nurseCall.cancel),
  },
  admission: {
    getPatients: route('GET', apiPaths.admission.getPatients),
    admit: route('POST', apiPaths.admission.admit),
    moveBed: route('PUT', apiPaths.admission.moveBed),
    discharge: route('PUT', apiPaths.admission.discharge),
    getMyAdmission: route('GET', apiPaths.admission.getMyAdmission),
  },
  patientPolicy: { deletionPolicy: route('GET', apiPaths.patientPolicy.deletionPolicy) },
  // issue 12 — Kakao login (the unlink callback is Kakao's, not the apps')
  kakao: {
    getConfig: route('GET', apiPaths.kakao.getConfig),
    start: route('POST', apiPaths.kakao.start),
    login: route('POST', apiPaths.kakao.login),
    link: route('POST', apiPaths.kakao.link),
    signUp: route('POST', apiPaths.kakao.signUp),
    getMyLink: route('GET', apiPaths.kakao.getMyLink),
    unlink: route('POST', apiPaths.kakao.unlink),
    unlinkCallback: route('POST', apiPaths.kakao.unlinkCallback),
  },
  // issue 14 — hospital information
  hospitalContent: {
    getNoticeList: route('GET', apiPaths.hospitalContent.getNoticeList),
    getContent: route('GET', apiPaths.hospitalContent.getContent),
    getFaqList: route('GET', apiPaths.hospitalContent.getFaqList),
    getGuideList: route('GET', apiPaths.hospitalContent.getGuideList),
    getCategories: route('GET', apiPaths.hospitalContent.getCategories),
    getEditorList: route('GET', apiPaths.hospitalContent.getEditorList),
    getEditorContent: route('GET', apiPaths.hospitalContent.getEditorContent),
    getChanges: route('GET', apiPaths.hospitalContent.getChanges),
    create: route('POST', apiPaths.hospitalContent.create),
    update: route('PUT', apiPaths.hospitalContent.update),
    publish: route('PUT', apiPaths.hospitalContent.publish),
    unpublish: route('PUT', apiPaths.hospitalContent.unpublish),
    delete: route('DELETE', apiPaths.hospitalContent.delete),
    restore: route('PUT', apiPaths.hospitalContent.restore),
    uploadFile: route('POST', apiPaths.hospitalContent.uploadFile),
    search: route('GET', apiPaths.hospitalContent.search),
  },
  // issue 13 — home-care vital signs
  vitalSign: {
    record: route('POST', apiPaths.vitalSign.record),
    getReadings: route('GET', apiPaths.vitalSign.getReadings),
    update: route('PUT', apiPaths.vitalSign.update),
    delete: route('DELETE', apiPaths.vitalSign.delete),
    getSummary: route('GET', apiPaths.vitalSign.getSummary),
    getDashboard: route('GET', apiPaths.vitalSign.getDashboard),
    importBatch: route('POST', apiPaths.vitalSign.importBatch),
    getMyTargets: route('GET', apiPaths.vitalSign.getMyTargets),
    getPatientTargets: route('GET', apiPaths.vitalSign.getPatientTargets),
    setTarget: route('PUT', apiPaths.vitalSign.setTarget),
    clearTarget: route('DELETE', apiPaths.vitalSign.clearTarget),
  },
  // issue 12 — notifications
  notification: {
    getMyNotifications: route('GET', apiPaths.notification.getMyNotifications),
    getUnreadCount: route('GET', apiPaths.notification.getUnreadCount),
    markRead: route('PUT', apiPaths.notification.markRead),
    markAllRead: route('PUT', apiPaths.notification.markAllRead),
    getVapidPublicKey: route('GET', apiPaths.notification.getVapidPublicKey),
    saveWebPush: route('POST', apiPaths.notification.saveWebPush),
    deleteWebPush: route('DELETE', apiPaths.notification.deleteWebPush),
    presence: route('PUT', apiPaths.notification.presence),
    sendTest: route('POST', apiPaths.notification.sendTest),
  },
  // issue 15 — medication reminders
  medication: {
    searchMedicine: route('GET', apiPaths.medication.searchMedicine),
    getMyMedications: route('GET', apiPaths.medication.getMyMedications),
    getMedication: route('GET', apiPaths.medication.getMedication),
    add: route('POST', apiPaths.medication.add),
    update: route('PUT', apiPaths.medication.update),
    stop: route('PUT', apiPaths.medication.stop),
    getDoses: route('GET', apiPaths.medication.getDoses),
    getCalendar: route('GET', apiPaths.medication.getCalendar),
    takeDose: route('PUT', apiPaths.medication.takeDose),
    skipDose: route('PUT', apiPaths.medication.skipDose),
    snoozeDose: route('PUT', apiPaths.medication.snoozeDose),
    getPatientMedications: route('GET', apiPaths.medication.getPatientMedications),
    prescribe: route('POST', apiPaths.medication.prescribe),
    change: route('PUT', apiPaths.medication.change),
    stopForPatient: route('PUT', apiPaths.medication.stopForPatient),
  },
  // issue 16 — document requests and issued certificates
  documentRequest: {
    getFees: route('GET', apiPaths.documentRequest.getFees),
    create: route('POST', apiPaths.documentRequest.create),
    getMyRequests: route('GET', apiPaths.documentRequest.getMyRequests),
    getMyRequest: route('GET', apiPaths.documentRequest.getMyRequest),
    cancel: route('PUT', apiPaths.documentRequest.cancel),
    download: route('GET', apiPaths.documentRequest.download),
    getQueue: route('GET', apiPaths.documentRequest.getQueue),
    getRequest: route('GET', apiPaths.documentRequest.getRequest),
    review: route('PUT', apiPaths.documentRequest.review),
    issue: route('PUT', apiPaths.documentRequest.issue),
    reject: route('PUT', apiPaths.documentRequest.reject),
    verify: route('GET', apiPaths.documentRequest.verify),
  },
  // issue 15 — diet logging
  diet: {
    searchFoods: route('GET', apiPaths.diet.searchFoods),
    recordMeal: route('POST', apiPaths.diet.recordMeal),
    updateMeal: route('PUT', apiPaths.diet.updateMeal),
    deleteMeal: route('DELETE', apiPaths.diet.deleteMeal),
    getMeal: route('GET', apiPaths.diet.getMeal),
    getPhoto: route('GET', apiPaths.diet.getPhoto),
    getDay: route('GET', apiPaths.diet.getDay),
    getPatientDiet: route('GET', apiPaths.diet.getPatientDiet),
    getPatientPhoto: route('GET', apiPaths.diet.getPatientPhoto),
    setTargets: route('PUT', apiPaths.diet.setTargets),
    resetTargets: route('DELETE', apiPaths.diet.resetTargets),
  },
  // issue 13 — home-care nurse
  homeCare: {
    getWatchList: route('GET', apiPaths.homeCare.getWatchList),
    getPatient: route('GET', apiPaths.homeCare.getPatient),
    getPatientSummary: route('GET', apiPaths.homeCare.getPatientSummary),
    saveNote: route('PUT', apiPaths.homeCare.saveNote),
    getSettings: route('GET', apiPaths.homeCare.getSettings),
    setStaleDays: route('PUT', apiPaths.homeCare.setStaleDays),
    getOpenAlerts: route('GET', apiPaths.homeCare.getOpenAlerts),
    acknowledgeAlert: route('PUT', apiPaths.homeCare.acknowledgeAlert),
  },
  // issue 17 — Q&A with the care team
  qna: {
    createQuestion: route('POST', apiPaths.qna.createQuestion),
    getMyQuestions: route('GET', apiPaths.qna.getMyQuestions),
    getQuestion: route('GET', apiPaths.qna.getQuestion),
    getPhoto: route('GET', apiPaths.qna.getPhoto),
    addFollowUp: route('POST', apiPaths.qna.addFollowUp),
    closeQuestion: route('PUT', apiPaths.qna.closeQuestion),
    getQueue: route('GET', apiPaths.qna.getQueue),
    getPatientQuestion: route('GET', apiPaths.qna.getPatientQuestion),
    getPatientPhoto: route('GET', apiPaths.qna.getPatientPhoto),
    assignToMe: route('PUT', apiPaths.qna.assignToMe),
    answer: route('POST', apiPaths.qna.answer),
    getTemplates: route('GET', apiPaths.qna.getTemplates),
    createTemplate: route('POST', apiPaths.qna.createTemplate),
    deleteTemplate: route('DELETE', apiPaths.qna.deleteTemplate),
  },
  // issue 16 — appointments (schedules)
  appointment: {
    getMyAppointments: route('GET', apiPaths.appointment.getMyAppointments),
    getMyAppointment: route('GET', apiPaths.appointment.getMyAppointment),
    requestChange: route('PUT', apiPaths.appointment.requestChange),
    requestCancel: route('PUT', apiPaths.appointment.requestCancel),
    addPersonal: route('POST', apiPaths.appointment.addPersonal),
    updatePersonal: route('PUT', apiPaths.appointment.updatePersonal),
    deletePersonal: route('DELETE', apiPaths.appointment.deletePersonal),
    getIcs: route('GET', apiPaths.appointment.getIcs),
    getSchedule: route('GET', apiPaths.appointment.getSchedule),
    getRequests: route('GET', apiPaths.appointment.getRequests),
    getBookablePatients: route('GET', apiPaths.appointment.getBookablePatients),
    getAppointment: route('GET', apiPaths.appointment.getAppointment),
    create: route('POST', apiPaths.appointment.create),
    update: route('PUT', apiPaths.appointment.update),
    cancel: route('PUT', apiPaths.appointment.cancel),
    complete: route('PUT', apiPaths.appointment.complete),
    acceptRequest: route('PUT', apiPaths.appointment.acceptRequest),
    declineRequest: route('PUT', apiPaths.appointment.declineRequest),
  },
  // issue 16 — ratings
  rating: {
    getMyRatings: route('GET', apiPaths.rating.getMyRatings),
    getOccasion: route('GET', apiPaths.rating.getOccasion),
    submit: route('PUT', apiPaths.rating.submit),
    getStats: route('GET', apiPaths.rating.getStats),
  },
} as const satisfies { [Group in keyof typeof apiPaths]: Record<string, CallRoute> };
