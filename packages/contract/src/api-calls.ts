import { z } from 'zod';
import {
  admissionPatientSchema,
  admissionSchema,
  admitBodySchema,
  dischargeBodySchema,
  getAdmissionPatientsQuerySchema,
  moveBedBodySchema,
  myAdmissionSchema,
} from './admission.ts';
import { apiCallRoutes, type CallRoute } from './api-call-routes.ts';
import { loginBodySchema, tokenPairSchema } from './auth.ts';
import {
  chatMessageSchema,
  chatMessagesQuerySchema,
  chatRoomSchema,
  chatRoomsQuerySchema,
  chatRoomSummarySchema,
  markReadBodySchema,
} from './chat.ts';
// issue 15 — diet logging
import {
  dietDayQuerySchema,
  dietDaySchema,
  dietTargetsSchema,
  foodSchema,
  mealIdxBodySchema,
  mealInputSchema,
  mealQuerySchema,
  mealSchema,
  patientDietQuerySchema,
  patientDietSchema,
  patientPhotoQuerySchema,
  photoSchema,
  resetDietTargetsBodySchema,
  searchFoodsQuerySchema,
  setDietTargetsBodySchema,
  updateMealBodySchema,
} from './diet.ts';
// issue 17 — Q&A with the care team
import {
  createQnaTemplateBodySchema,
  createQuestionBodySchema,
  myQuestionsQuerySchema,
  qnaIdxBodySchema,
  qnaIdxQuerySchema,
  qnaPageSchema,
  qnaPhotoSchema,
  qnaQuestionSchema,
  qnaQueueItemSchema,
  qnaQueueQuerySchema,
  qnaReplyBodySchema,
  qnaStaffQuestionSchema,
  qnaTemplateSchema,
} from './qna.ts';
import { emptyDataSchema } from './envelope.ts';
import { hospitalListQuerySchema, hospitalListSchema } from './hospital.ts';
import {
  kakaoConfigSchema,
  kakaoLinkBodySchema,
  kakaoLinkStatusSchema,
  kakaoLoginBodySchema,
  kakaoLoginResultSchema,
  kakaoSignUpBodySchema,
  kakaoStartBodySchema,
  kakaoStartSchema,
  kakaoUnlinkCallbackBodySchema,
} from './kakao.ts';
import {
  contentCategoriesQuerySchema,
  contentCategorySchema,
  contentChangeSchema,
  contentFileSchema,
  contentIdxBodySchema,
  contentQuerySchema,
  contentSchema,
  createContentBodySchema,
  editorContentSchema,
  editorListQuerySchema,
  faqListQuerySchema,
  guideListQuerySchema,
  noticeListQuerySchema,
  noticeSummarySchema,
  publishContentBodySchema,
  searchQuerySchema,
  searchResultSchema,
  updateContentBodySchema,
  uploadFileBodySchema,
} from './hospital-content.ts';
import { nurseCallActionBodySchema, nurseCallSchema } from './nurse-call.ts';
import { pageSchema, pagingQuerySchema } from './paging.ts';
import {
  alarmSettingsSchema,
  alarmUpdateBodySchema,
  bodyInfoSchema,
  deletePatientBodySchema,
  deleteRequestBodySchema,
  deletionPolicySchema,
  deletionRequestSchema,
  myDataSchema,
  patientProfileSchema,
  requestPasswordResetBodySchema,
  resetPasswordBodySchema,
  signUpBodySchema,
  signUpDataSchema,
  updateBodyInfoBodySchema,
  updateFcmTokenBodySchema,
  updateMyDataBodySchema,
} from './patient.ts';
import { staffProfileSchema } from './staff.ts';
// issue 13 — home-care vital signs
import {
  clearTargetBodySchema,
  dashboardSchema,
  deleteVitalSignBodySchema,
  importBatchBodySchema,
  importResultSchema,
  patientTargetsQuerySchema,
  readingsQuerySchema,
  recordResultSchema,
  recordVitalSignBodySchema,
  setTargetBodySchema,
  summaryQuerySchema,
  targetListSchema,
  updateVitalSignBodySchema,
  vitalSignSchema,
  vitalSignSummarySchema,
} from './vital-signs.ts';
import {
  deleteWebPushBodySchema,
  markNotificationReadBodySchema,
  notificationPageSchema,
  presenceBodySchema,
  sendTestNotificationBodySchema,
  sendTestNotificationResultSchema,
  unreadCountSchema,
  vapidPublicKeySchema,
  webPushSubscriptionBodySchema,
} from './notification.ts';
import {
  consentListSchema,
  termsListSchema,
  termsQuerySchema,
  termsSchema,
  updateConsentsBodySchema,
} from './terms.ts';
// issue 15 — medication reminders
import {
  addMedicationBodySchema,
  calendarSchema,
  dayQuerySchema,
  doseActionBodySchema,
  doseSchema,
  medicationDetailSchema,
  medicationIdxBodySchema,
  medicationIdxQuerySchema,
  medicationSchema,
  medicineSchema,
  medicineSearchQuerySchema,
  monthQuerySchema,
  patientIdxQuerySchema,
  patientMedicationsSchema,
  prescribeBodySchema,
  skipDoseBodySchema,
  updateMedicationBodySchema,
} from './medication.ts';
// issue 16 — document requests
import {
  createDocumentRequestBodySchema,
  documentFeesSchema,
  documentFileSchema,
  documentQueueQuerySchema,
  documentRequestIdxBodySchema,
  documentRequestIdxQuerySchema,
  documentRequestSchema,
  documentVerificationSchema,
  issueDocumentBodySchema,
  rejectDocumentBodySchema,
  verifyDocumentQuerySchema,
} from './document-request.ts';
// issue 13 — home-care nurse
import {
  acknowledgeAlertBodySchema,
  careNoteSchema,
  homeCareSettingsSchema,
  patientIdxQuerySchema as homeCarePatientIdxQuerySchema,
  patientSummaryQuerySchema,
  saveNoteBodySchema,
  setStaleDaysBodySchema,
  vitalSignAlertSchema,
  watchListQuerySchema,
  watchListSchema,
  watchPatientPageSchema,
} from './home-care-watch.ts';
// issue 16 — appointments (schedules)
import {
  acceptRequestBodySchema,
  appointmentIcsSchema,
  appointmentIdxBodySchema,
  appointmentIdxQuerySchema,
  appointmentSchema,
  bookablePatientSchema,
  createAppointmentBodySchema,
  personalItemBodySchema,
  reasonBodySchema,
  requestCancelBodySchema,
  requestChangeBodySchema,
  scheduleQuerySchema,
  scheduleSchema,
  updateAppointmentBodySchema,
  updatePersonalItemBodySchema,
} from './appointment.ts';
// issue 17 — telemedicine
import {
  acceptTelemedicineRequestBodySchema,
  agreeTelemedicineConsentBodySchema,
  bookTelemedicineBodySchema,
  moveTelemedicineBodySchema,
  myTelemedicineVisitsSchema,
  reportDeviceCheckBodySchema,
  reportDeviceCheckResultSchema,
  telemedicineBookablePatientSchema,
  telemedicineClinicianOptionSchema,
  telemedicineConsentSchema,
  telemedicineDayQuerySchema,
  telemedicineDaySchema,
  telemedicineIceServersSchema,
  telemedicineReasonBodySchema,
  telemedicineRequestCancelBodySchema,
  telemedicineRequestChangeBodySchema,
  telemedicineVisitIdxBodySchema,
  telemedicineVisitIdxQuerySchema,
  telemedicineVisitSchema,
  writeTelemedicineSummaryBodySchema,
} from './telemedicine.ts';
// issue 16 — ratings
import {
  myRatingsSchema,
  ratingOccasionQuerySchema,
  ratingOccasionSchema,
  ratingStatsQuerySchema,
  ratingStatsSchema,
  submitRatingBodySchema,
} from './rating.ts';

/**
 * Every REST call with its method, path, query, body and response (`data` of the envelope)
 * schemas, by module and call name. Clients call `api.<module>.<call>(…)` and get the
 * response type from here (web-core `createTypedApi`), never a hand-written one; the
 * method and path come from the zod-free `apiCallRoutes`.
 */
export interface CallSchemas {
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}
export type CallSpec = CallRoute & CallSchemas;

const call = <R extends CallRoute, S extends CallSchemas>(route: R, schemas: S) => ({ ...route, ...schemas });
const r = apiCallRoutes;

export const apiCalls = {
  patient: {
    login: call(r.patient.login, { body: loginBodySchema, response: tokenPairSchema }),
    iosLogin: call(r.patient.iosLogin, { body: loginBodySchema, response: tokenPairSchema }),
    refresh: call(r.patient.refresh, { response: tokenPairSchema }),
    getPatient: call(r.patient.getPatient, { response: patientProfileSchema }),
    getMyData: call(r.patient.getMyData, { response: myDataSchema }),
    updateMyData: call(r.patient.updateMyData, {
      body: updateMyDataBodySchema,
      response: patientProfileSchema,
    }),
    updateBodyInfo: call(r.patient.updateBodyInfo, {
      body: updateBodyInfoBodySchema,
      response: bodyInfoSchema,
    }),
    updateFcmToken: call(r.patient.updateFcmToken, {
      body: updateFcmTokenBodySchema,
      response: emptyDataSchema,
    }),
    alarmUpdate: call(r.patient.alarmUpdate, { body: alarmUpdateBodySchema, response: alarmSettingsSchema }),
    getConsents: call(r.patient.getConsents, { response: consentListSchema }),
    updateConsents: call(r.patient.updateConsents, {
      body: updateConsentsBodySchema,
      response: consentListSchema,
    }),
    deleteRequest: call(r.patient.deleteRequest, {
      body: deleteRequestBodySchema,
      response: deletionRequestSchema,
    }),
    cancelDeleteRequest: call(r.patient.cancelDeleteRequest, { response: emptyDataSchema }),
    delete: call(r.patient.delete, { body: deletePatientBodySchema, response: emptyDataSchema }),
    signUp: call(r.patient.signUp, { body: signUpBodySchema, response: signUpDataSchema }),
    requestPasswordReset: call(r.patient.requestPasswordReset, {
      body: requestPasswordResetBodySchema,
      response: emptyDataSchema,
    }),
    resetPassword: call(r.patient.resetPassword, {
      body: resetPasswordBodySchema,
      response: emptyDataSchema,
    }),
    logout: call(r.patient.logout, { response: emptyDataSchema }),
  },
  staff: {
    login: call(r.staff.login, { body: loginBodySchema, response: tokenPairSchema }),
    refresh: call(r.staff.refresh, { response: tokenPairSchema }),
    getMyData: call(r.staff.getMyData, { response: staffProfileSchema }),
    logout: call(r.staff.logout, { response: emptyDataSchema }),
  },
  hospital: {
    getHospitalList: call(r.hospital.getHospitalList, {
      query: hospitalListQuerySchema,
      response: hospitalListSchema,
    }),
  },
  terms: {
    getTermsList: call(r.terms.getTermsList, { response: termsListSchema }),
    getTerms: call(r.terms.getTerms, { query: termsQuerySchema, response: termsSchema }),
  },
  chat: {
    currentRoom: call(r.chat.currentRoom, { response: chatRoomSchema }),
    messages: call(r.chat.messages, {
      query: chatMessagesQuerySchema,
      response: pageSchema(chatMessageSchema),
    }),
    rooms: call(r.chat.rooms, { query: chatRoomsQuerySchema, response: z.array(chatRoomSummarySchema) }),
    markRead: call(r.chat.markRead, { body: markReadBodySchema, response: emptyDataSchema }),
  },
  nurseCall: {
    getMyCalls: call(r.nurseCall.getMyCalls, { response: z.array(nurseCallSchema) }),
    getOpenCalls: call(r.nurseCall.getOpenCalls, { response: z.array(nurseCallSchema) }),
    getHandledCalls: call(r.nurseCall.getHandledCalls, { response: z.array(nurseCallSchema) }),
    acknowledge: call(r.nurseCall.acknowledge, {
      body: nurseCallActionBodySchema,
      response: nurseCallSchema,
    }),
    complete: call(r.nurseCall.complete, { body: nurseCallActionBodySchema, response: nurseCallSchema }),
    cancel: call(r.nurseCall.cancel, { body: nurseCallActionBodySchema, response: nurseCallSchema }),
  },
  admission: {
    getPatients: call(r.admission.getPatients, {
      query: getAdmissionPatientsQuerySchema,
      response: z.array(admissionPatientSchema),
    }),
    admit: call(r.admission.admit, { body: admitBodySchema, response: admissionSchema }),
    moveBed: call(r.admission.moveBed, { body: moveBedBodySchema, response: admissionSchema }),
    discharge: call(r.admission.discharge, { body: dischargeBodySchema, response: admissionSchema }),
    getMyAdmission: call(r.admission.getMyAdmission, { response: myAdmissionSchema }),
  },
  patientPolicy: {
    deletionPolicy: call(r.patientPolicy.deletionPolicy, { response: deletionPolicySchema }),
  },
  // issue 12 — Kakao login
  kakao: {
    getConfig: call(r.kakao.getConfig, { response: kakaoConfigSchema }),
    start: call(r.kakao.start, { body: kakaoStartBodySchema, response: kakaoStartSchema }),
    login: call(r.kakao.login, { body: kakaoLoginBodySchema, response: kakaoLoginResultSchema }),
    link: call(r.kakao.link, { body: kakaoLinkBodySchema, response: tokenPairSchema }),
    signUp: call(r.kakao.signUp, { body: kakaoSignUpBodySchema, response: tokenPairSchema }),
    getMyLink: call(r.kakao.getMyLink, { response: kakaoLinkStatusSchema }),
    unlink: call(r.kakao.unlink, { response: kakaoLinkStatusSchema }),
    unlinkCallback: call(r.kakao.unlinkCallback, {
      body: kakaoUnlinkCallbackBodySchema,
      response: emptyDataSchema,
    }),
  },
  // issue 14 — hospital information
  hospitalContent: {
    getNoticeList: call(r.hospitalContent.getNoticeList, {
      query: noticeListQuerySchema,
      response: pageSchema(noticeSummarySchema),
    }),
    getContent: call(r.hospitalContent.getContent, { query: contentQuerySchema, response: contentSchema }),
    getFaqList: call(r.hospitalContent.getFaqList, {
      query: faqListQuerySchema,
      response: z.array(contentSchema),
    }),
    getGuideList: call(r.hospitalContent.getGuideList, {
      query: guideListQuerySchema,
      response: z.array(contentSchema),
    }),
    getCategories: call(r.hospitalContent.getCategories, {
      query: contentCategoriesQuerySchema,
      response: z.array(contentCategorySchema),
    }),
    getEditorList: call(r.hospitalContent.getEditorList, {
      query: editorListQuerySchema,
      response: z.array(editorContentSchema),
    }),
    getEditorContent: call(r.hospitalContent.getEditorContent, {
      query: contentQuerySchema,
      response: editorContentSchema,
    }),
    getChanges: call(r.hospitalContent.getChanges, {
      query: contentQuerySchema,
      response: z.array(contentChangeSchema),
    }),
    create: call(r.hospitalContent.create, { body: createContentBodySchema, response: editorContentSchema }),
    update: call(r.hospitalContent.update, { body: updateContentBodySchema, response: editorContentSchema }),
    publish: call(r.hospitalContent.publish, {
      body: publishContentBodySchema,
      response: editorContentSchema,
    }),
    unpublish: call(r.hospitalContent.unpublish, {
      body: contentIdxBodySchema,
      response: editorContentSchema,
    }),
    delete: call(r.hospitalContent.delete, { body: contentIdxBodySchema, response: editorContentSchema }),
    restore: call(r.hospitalContent.restore, { body: contentIdxBodySchema, response: editorContentSchema }),
    uploadFile: call(r.hospitalContent.uploadFile, {
      body: uploadFileBodySchema,
      response: contentFileSchema,
    }),
    search: call(r.hospitalContent.search, {
      query: searchQuerySchema,
      response: z.array(searchResultSchema),
    }),
  },
  // issue 13 — home-care vital signs
  vitalSign: {
    record: call(r.vitalSign.record, { body: recordVitalSignBodySchema, response: recordResultSchema }),
    getReadings: call(r.vitalSign.getReadings, {
      query: readingsQuerySchema,
      response: pageSchema(vitalSignSchema),
    }),
    update: call(r.vitalSign.update, { body: updateVitalSignBodySchema, response: recordResultSchema }),
    delete: call(r.vitalSign.delete, { body: deleteVitalSignBodySchema, response: emptyDataSchema }),
    getSummary: call(r.vitalSign.getSummary, { query: summaryQuerySchema, response: vitalSignSummarySchema }),
    getDashboard: call(r.vitalSign.getDashboard, { response: dashboardSchema }),
    importBatch: call(r.vitalSign.importBatch, { body: importBatchBodySchema, response: importResultSchema }),
    getMyTargets: call(r.vitalSign.getMyTargets, { response: targetListSchema }),
    getPatientTargets: call(r.vitalSign.getPatientTargets, {
      query: patientTargetsQuerySchema,
      response: targetListSchema,
    }),
    setTarget: call(r.vitalSign.setTarget, { body: setTargetBodySchema, response: targetListSchema }),
    clearTarget: call(r.vitalSign.clearTarget, { body: clearTargetBodySchema, response: targetListSchema }),
  },
  // issue 12 — notifications
  notification: {
    getMyNotifications: call(r.notification.getMyNotifications, {
      query: pagingQuerySchema,
      response: notificationPageSchema,
    }),
    getUnreadCount: call(r.notification.getUnreadCount, { response: unreadCountSchema }),
    markRead: call(r.notification.markRead, {
      body: markNotificationReadBodySchema,
      response: unreadCountSchema,
    }),
    markAllRead: call(r.notification.markAllRead, { response: unreadCountSchema }),
    getVapidPublicKey: call(r.notification.getVapidPublicKey, { response: vapidPublicKeySchema }),
    saveWebPush: call(r.notification.saveWebPush, {
      body: webPushSubscriptionBodySchema,
      response: emptyDataSchema,
    }),
    deleteWebPush: call(r.notification.deleteWebPush, {
      body: deleteWebPushBodySchema,
      response: emptyDataSchema,
    }),
    presence: call(r.notification.presence, { body: presenceBodySchema, response: emptyDataSchema }),
    sendTest: call(r.notification.sendTest, {
      body: sendTestNotificationBodySchema,
      response: sendTestNotificationResultSchema,
    }),
  },
  // issue 15 — medication reminders
  medication: {
    searchMedicine: call(r.medication.searchMedicine, {
      query: medicineSearchQuerySchema,
      response: z.array(medicineSchema),
    }),
    getMyMedications: call(r.medication.getMyMedications, { response: z.array(medicationSchema) }),
    getMedication: call(r.medication.getMedication, {
      query: medicationIdxQuerySchema,
      response: medicationDetailSchema,
    }),
    add: call(r.medication.add, { body: addMedicationBodySchema, response: medicationSchema }),
    update: call(r.medication.update, { body: updateMedicationBodySchema, response: medicationSchema }),
    stop: call(r.medication.stop, { body: medicationIdxBodySchema, response: medicationSchema }),
    getDoses: call(r.medication.getDoses, { query: dayQuerySchema, response: z.array(doseSchema) }),
    getCalendar: call(r.medication.getCalendar, { query: monthQuerySchema, response: calendarSchema }),
    takeDose: call(r.medication.takeDose, { body: doseActionBodySchema, response: doseSchema }),
    skipDose: call(r.medication.skipDose, { body: skipDoseBodySchema, response: doseSchema }),
    snoozeDose: call(r.medication.snoozeDose, { body: doseActionBodySchema, response: doseSchema }),
    getPatientMedications: call(r.medication.getPatientMedications, {
      query: patientIdxQuerySchema,
      response: patientMedicationsSchema,
    }),
    prescribe: call(r.medication.prescribe, { body: prescribeBodySchema, response: medicationSchema }),
    change: call(r.medication.change, { body: updateMedicationBodySchema, response: medicationSchema }),
    stopForPatient: call(r.medication.stopForPatient, {
      body: medicationIdxBodySchema,
      response: medicationSchema,
    }),
  },
  // issue 16 — document requests and issued certificates
  documentRequest: {
    getFees: call(r.documentRequest.getFees, { response: documentFeesSchema }),
    create: call(r.documentRequest.create, {
      body: createDocumentRequestBodySchema,
      response: documentRequestSchema,
    }),
    getMyRequests: call(r.documentRequest.getMyRequests, { response: z.array(documentRequestSchema) }),
    getMyRequest: call(r.documentRequest.getMyRequest, {
      query: documentRequestIdxQuerySchema,
      response: documentRequestSchema,
    }),
    cancel: call(r.documentRequest.cancel, {
      body: documentRequestIdxBodySchema,
      response: documentRequestSchema,
    }),
    download: call(r.documentRequest.download, {
      query: documentRequestIdxQuerySchema,
      response: documentFileSchema,
    }),
    getQueue: call(r.documentRequest.getQueue, {
      query: documentQueueQuerySchema,
      response: z.array(documentRequestSchema),
    }),
    getRequest: call(r.documentRequest.getRequest, {
      query: documentRequestIdxQuerySchema,
      response: documentRequestSchema,
    }),
    review: call(r.documentRequest.review, {
      body: documentRequestIdxBodySchema,
      response: documentRequestSchema,
    }),
    issue: call(r.documentRequest.issue, { body: issueDocumentBodySchema, response: documentRequestSchema }),
    reject: call(r.documentRequest.reject, {
      body: rejectDocumentBodySchema,
      response: documentRequestSchema,
    }),
    getIssuedPdf: call(r.documentRequest.getIssuedPdf, {
      query: documentRequestIdxQuerySchema,
      response: documentFileSchema,
    }),
    verify: call(r.documentRequest.verify, {
      query: verifyDocumentQuerySchema,
      response: documentVerificationSchema,
    }),
  },
  // issue 15 — diet logging
  diet: {
    searchFoods: call(r.diet.searchFoods, { query: searchFoodsQuerySchema, response: z.array(foodSchema) }),
    recordMeal: call(r.diet.recordMeal, { body: mealInputSchema, response: mealSchema }),
    updateMeal: call(r.diet.updateMeal, { body: updateMealBodySchema, response: mealSchema }),
    deleteMeal: call(r.diet.deleteMeal, { body: mealIdxBodySchema, response: emptyDataSchema }),
    getMeal: call(r.diet.getMeal, { query: mealQuerySchema, response: mealSchema }),
    getPhoto: call(r.diet.getPhoto, { query: mealQuerySchema, response: photoSchema }),
    getDay: call(r.diet.getDay, { query: dietDayQuerySchema, response: dietDaySchema }),
    getPatientDiet: call(r.diet.getPatientDiet, {
      query: patientDietQuerySchema,
      response: patientDietSchema,
    }),
    getPatientPhoto: call(r.diet.getPatientPhoto, { query: patientPhotoQuerySchema, response: photoSchema }),
    setTargets: call(r.diet.setTargets, { body: setDietTargetsBodySchema, response: dietTargetsSchema }),
    resetTargets: call(r.diet.resetTargets, {
      body: resetDietTargetsBodySchema,
      response: dietTargetsSchema,
    }),
  },
  // issue 13 — home-care nurse
  homeCare: {
    getWatchList: call(r.homeCare.getWatchList, { query: watchListQuerySchema, response: watchListSchema }),
    getPatient: call(r.homeCare.getPatient, {
      query: homeCarePatientIdxQuerySchema,
      response: watchPatientPageSchema,
    }),
    getPatientSummary: call(r.homeCare.getPatientSummary, {
      query: patientSummaryQuerySchema,
      response: vitalSignSummarySchema,
    }),
    saveNote: call(r.homeCare.saveNote, { body: saveNoteBodySchema, response: careNoteSchema }),
    getSettings: call(r.homeCare.getSettings, { response: homeCareSettingsSchema }),
    setStaleDays: call(r.homeCare.setStaleDays, {
      body: setStaleDaysBodySchema,
      response: homeCareSettingsSchema,
    }),
    getOpenAlerts: call(r.homeCare.getOpenAlerts, { response: z.array(vitalSignAlertSchema) }),
    acknowledgeAlert: call(r.homeCare.acknowledgeAlert, {
      body: acknowledgeAlertBodySchema,
      response: vitalSignAlertSchema,
    }),
  },
  // issue 17 — Q&A with the care team
  qna: {
    createQuestion: call(r.qna.createQuestion, {
      body: createQuestionBodySchema,
      response: qnaQuestionSchema,
    }),
    getMyQuestions: call(r.qna.getMyQuestions, { query: myQuestionsQuerySchema, response: qnaPageSchema }),
    getQuestion: call(r.qna.getQuestion, { query: qnaIdxQuerySchema, response: qnaQuestionSchema }),
    getPhoto: call(r.qna.getPhoto, { query: qnaIdxQuerySchema, response: qnaPhotoSchema }),
    addFollowUp: call(r.qna.addFollowUp, { body: qnaReplyBodySchema, response: qnaQuestionSchema }),
    closeQuestion: call(r.qna.closeQuestion, { body: qnaIdxBodySchema, response: qnaQuestionSchema }),
    getQueue: call(r.qna.getQueue, { query: qnaQueueQuerySchema, response: z.array(qnaQueueItemSchema) }),
    getPatientQuestion: call(r.qna.getPatientQuestion, {
      query: qnaIdxQuerySchema,
      response: qnaStaffQuestionSchema,
    }),
    getPatientPhoto: call(r.qna.getPatientPhoto, { query: qnaIdxQuerySchema, response: qnaPhotoSchema }),
    assignToMe: call(r.qna.assignToMe, { body: qnaIdxBodySchema, response: qnaStaffQuestionSchema }),
    answer: call(r.qna.answer, { body: qnaReplyBodySchema, response: qnaStaffQuestionSchema }),
    getTemplates: call(r.qna.getTemplates, { response: z.array(qnaTemplateSchema) }),
    createTemplate: call(r.qna.createTemplate, {
      body: createQnaTemplateBodySchema,
      response: qnaTemplateSchema,
    }),
    deleteTemplate: call(r.qna.deleteTemplate, { body: qnaIdxBodySchema, response: emptyDataSchema }),
  },
  // issue 16 — appointments (schedules)
  appointment: {
    getMyAppointments: call(r.appointment.getMyAppointments, { response: z.array(appointmentSchema) }),
    getMyAppointment: call(r.appointment.getMyAppointment, {
      query: appointmentIdxQuerySchema,
      response: appointmentSchema,
    }),
    requestChange: call(r.appointment.requestChange, {
      body: requestChangeBodySchema,
      response: appointmentSchema,
    }),
    requestCancel: call(r.appointment.requestCancel, {
      body: requestCancelBodySchema,
      response: appointmentSchema,
    }),
    addPersonal: call(r.appointment.addPersonal, {
      body: personalItemBodySchema,
      response: appointmentSchema,
    }),
    updatePersonal: call(r.appointment.updatePersonal, {
      body: updatePersonalItemBodySchema,
      response: appointmentSchema,
    }),
    deletePersonal: call(r.appointment.deletePersonal, {
      body: appointmentIdxBodySchema,
      response: emptyDataSchema,
    }),
    getIcs: call(r.appointment.getIcs, { query: appointmentIdxQuerySchema, response: appointmentIcsSchema }),
    getSchedule: call(r.appointment.getSchedule, { query: scheduleQuerySchema, response: scheduleSchema }),
    getRequests: call(r.appointment.getRequests, { response: z.array(appointmentSchema) }),
    getBookablePatients: call(r.appointment.getBookablePatients, {
      response: z.array(bookablePatientSchema),
    }),
    getAppointment: call(r.appointment.getAppointment, {
      query: appointmentIdxQuerySchema,
      response: appointmentSchema,
    }),
    create: call(r.appointment.create, { body: createAppointmentBodySchema, response: appointmentSchema }),
    update: call(r.appointment.update, { body: updateAppointmentBodySchema, response: appointmentSchema }),
    cancel: call(r.appointment.cancel, { body: reasonBodySchema, response: appointmentSchema }),
    complete: call(r.appointment.complete, { body: appointmentIdxBodySchema, response: appointmentSchema }),
    acceptRequest: call(r.appointment.acceptRequest, {
      body: acceptRequestBodySchema,
      response: appointmentSchema,
    }),
    declineRequest: call(r.appointment.declineRequest, {
      body: reasonBodySchema,
      response: appointmentSchema,
    }),
  },
  // issue 16 — ratings
  rating: {
    getMyRatings: call(r.rating.getMyRatings, { response: myRatingsSchema }),
    getOccasion: call(r.rating.getOccasion, {
      query: ratingOccasionQuerySchema,
      response: ratingOccasionSchema,
    }),
    submit: call(r.rating.submit, { body: submitRatingBodySchema, response: ratingOccasionSchema }),
    getStats: call(r.rating.getStats, { query: ratingStatsQuerySchema, response: ratingStatsSchema }),
  },
  // issue 17 — telemedicine
  telemedicine: {
    getMyVisits: call(r.telemedicine.getMyVisits, { response: myTelemedicineVisitsSchema }),
    getMyVisit: call(r.telemedicine.getMyVisit, {
      query: telemedicineVisitIdxQuerySchema,
      response: telemedicineVisitSchema,
    }),
    agreeConsent: call(r.telemedicine.agreeConsent, {
      body: agreeTelemedicineConsentBodySchema,
      response: telemedicineConsentSchema,
    }),
    enterWaitingRoom: call(r.telemedicine.enterWaitingRoom, {
      body: telemedicineVisitIdxBodySchema,
      response: telemedicineVisitSchema,
    }),
    leaveWaitingRoom: call(r.telemedicine.leaveWaitingRoom, {
      body: telemedicineVisitIdxBodySchema,
      response: telemedicineVisitSchema,
    }),
    requestChange: call(r.telemedicine.requestChange, {
      body: telemedicineRequestChangeBodySchema,
      response: telemedicineVisitSchema,
    }),
    requestCancel: call(r.telemedicine.requestCancel, {
      body: telemedicineRequestCancelBodySchema,
      response: telemedicineVisitSchema,
    }),
    withdrawRequest: call(r.telemedicine.withdrawRequest, {
      body: telemedicineVisitIdxBodySchema,
      response: telemedicineVisitSchema,
    }),
    reportDeviceCheck: call(r.telemedicine.reportDeviceCheck, {
      body: reportDeviceCheckBodySchema,
      response: reportDeviceCheckResultSchema,
    }),
    // Tied to one visit: relay credentials only for its patient or clinician while it is open to them.
    getIceServers: call(r.telemedicine.getIceServers, {
      query: telemedicineVisitIdxQuerySchema,
      response: telemedicineIceServersSchema,
    }),
    getDay: call(r.telemedicine.getDay, {
      query: telemedicineDayQuerySchema,
      response: telemedicineDaySchema,
    }),
    getVisit: call(r.telemedicine.getVisit, {
      query: telemedicineVisitIdxQuerySchema,
      response: telemedicineVisitSchema,
    }),
    getClinicians: call(r.telemedicine.getClinicians, {
      response: z.array(telemedicineClinicianOptionSchema),
    }),
    getBookablePatients: call(r.telemedicine.getBookablePatients, {
      response: z.array(telemedicineBookablePatientSchema),
    }),
    book: call(r.telemedicine.book, { body: bookTelemedicineBodySchema, response: telemedicineVisitSchema }),
    move: call(r.telemedicine.move, { body: moveTelemedicineBodySchema, response: telemedicineVisitSchema }),
    cancel: call(r.telemedicine.cancel, {
      body: telemedicineReasonBodySchema,
      response: telemedicineVisitSchema,
    }),
    admit: call(r.telemedicine.admit, {
      body: telemedicineVisitIdxBodySchema,
      response: telemedicineVisitSchema,
    }),
    endCall: call(r.telemedicine.endCall, {
      body: telemedicineVisitIdxBodySchema,
      response: telemedicineVisitSchema,
    }),
    markNoShow: call(r.telemedicine.markNoShow, {
      body: telemedicineVisitIdxBodySchema,
      response: telemedicineVisitSchema,
    }),
    writeSummary: call(r.telemedicine.writeSummary, {
      body: writeTelemedicineSummaryBodySchema,
      response: telemedicineVisitSchema,
    }),
    getRequests: call(r.telemedicine.getRequests, { response: z.array(telemedicineVisitSchema) }),
    acceptRequest: call(r.telemedicine.acceptRequest, {
      body: acceptTelemedicineRequestBodySchema,
      response: telemedicineVisitSchema,
    }),
    declineRequest: call(r.telemedicine.declineRequest, {
      body: telemedicineReasonBodySchema,
      response: telemedicineVisitSchema,
    }),
  },
} as const satisfies {
  [Group in keyof typeof apiCallRoutes]: { [Call in keyof (typeof apiCallRoutes)[Group]]: CallSpec };
};

export type ApiCalls = typeof apiCalls;
