import { API_PREFIX, apiPaths } from '@smartcare/contract/api-paths';
import { CONTENT_FILE_PATH } from '@smartcare/contract/hospital-content';
// issue 17 — telemedicine
import { TELEMEDICINE_PROBE_PATH } from '@smartcare/contract/telemedicine';
import type { ApiRoute } from '../plugins/route-defaults.plugin.ts';

/**
 * One valid query and body per API route, for tests that walk the route table
 * (app.apiRoutes) and must get past a route's own validation, e.g. to reach the query check
 * (Fastify checks the body first). A new route with a query or a body needs an entry here:
 * `exampleOf` says so by name, so the walk never skips it silently.
 */
interface RouteExample {
  query?: Record<string, string>;
  body?: unknown;
}

const login = { body: { loginId: 'someone', password: 'Some-pass1' } };
const nurseCallAction = { body: { callIdx: 1 } };

const EXAMPLES: Record<string, RouteExample> = {
  [`POST ${apiPaths.patient.login}`]: login,
  [`POST ${apiPaths.patient.iosLogin}`]: login,
  [`POST ${apiPaths.staff.login}`]: login,
  [`PUT ${apiPaths.patient.updateMyData}`]: { body: { name: '예시환자' } },
  [`PUT ${apiPaths.patient.updateBodyInfo}`]: { body: { heightCm: 170 } },
  [`PUT ${apiPaths.patient.updateFcmToken}`]: { body: { fcmToken: 'example-push-token' } },
  [`PUT ${apiPaths.patient.alarmUpdate}`]: { body: { chat: true } },
  [`PUT ${apiPaths.patient.updateConsents}`]: {
    body: { consents: [{ termsCode: 'MARKETING', agreed: true }] },
  },
  [`DELETE ${apiPaths.patient.deleteRequest}`]: { body: { reason: '예시' } },
  [`DELETE ${apiPaths.patient.delete}`]: { body: { password: 'Some-pass1' } },
  [`POST ${apiPaths.patient.signUp}`]: {
    body: {
      loginId: 'example_id',
      name: '예시',
      email: 'example@example.com',
      password: 'Some-pass1',
      passwordConfirm: 'Some-pass1',
      agreedTermsCodes: ['SERVICE', 'PRIVACY', 'HEALTH_DATA'],
    },
  },
  [`POST ${apiPaths.patient.requestPasswordReset}`]: {
    body: { loginId: 'someone', email: 'example@example.com' },
  },
  [`POST ${apiPaths.patient.resetPassword}`]: {
    body: {
      loginId: 'someone',
      verificationCode: '123456',
      newPassword: 'Some-pass1',
      newPasswordConfirm: 'Some-pass1',
    },
  },
  [`GET ${apiPaths.terms.getTerms}`]: { query: { termsCode: 'SERVICE' } },
  [`GET ${apiPaths.chat.messages}`]: { query: { roomIdx: '1', hospitalIdx: '1' } },
  [`PUT ${apiPaths.chat.markRead}`]: { body: { roomIdx: 1, lastReadMsgIdx: 0 } },
  [`PUT ${apiPaths.nurseCall.acknowledge}`]: nurseCallAction,
  [`PUT ${apiPaths.nurseCall.complete}`]: nurseCallAction,
  [`PUT ${apiPaths.nurseCall.cancel}`]: nurseCallAction,
  // issue 10 — admissions
  [`GET ${apiPaths.admission.getPatients}`]: { query: { keyword: '김' } },
  [`POST ${apiPaths.admission.admit}`]: {
    body: { patientIdx: 1, ward: '7병동', bed: '703-2', identityConfirmed: true },
  },
  [`PUT ${apiPaths.admission.moveBed}`]: { body: { admissionIdx: 1, ward: '7병동', bed: '703-1' } },
  [`PUT ${apiPaths.admission.discharge}`]: { body: { admissionIdx: 1 } },
  // issue 12 — Kakao login
  [`POST ${apiPaths.kakao.start}`]: { body: { area: 'hospital' } },
  [`POST ${apiPaths.kakao.login}`]: { body: { code: 'example-code', state: 'example-state' } },
  [`POST ${apiPaths.kakao.link}`]: {
    body: { ticket: 'example-ticket', loginId: 'someone', password: 'Some-pass1' },
  },
  [`POST ${apiPaths.kakao.signUp}`]: {
    body: { ticket: 'example-ticket', agreedTermsCodes: ['SERVICE', 'PRIVACY', 'HEALTH_DATA'] },
  },
  [`POST ${apiPaths.kakao.unlinkCallback}`]: { body: { user_id: '1234' } },
  [`GET ${apiPaths.kakao.unlinkCallback}`]: { query: { user_id: '1234' } },
  // issue 14 — hospital information
  [`GET ${apiPaths.hospitalContent.getContent}`]: { query: { idx: '1' } },
  [`GET ${apiPaths.hospitalContent.search}`]: { query: { keyword: '주차' } },
  [`GET ${apiPaths.hospitalContent.getCategories}`]: { query: { kind: 'GUIDE' } },
  [`GET ${apiPaths.hospitalContent.getEditorList}`]: { query: { kind: 'NOTICE' } },
  [`GET ${apiPaths.hospitalContent.getEditorContent}`]: { query: { idx: '1' } },
  [`GET ${apiPaths.hospitalContent.getChanges}`]: { query: { idx: '1' } },
  [`GET ${CONTENT_FILE_PATH}`]: { query: { key: '0123456789abcdef0123456789abcdef' } },
  [`POST ${apiPaths.hospitalContent.create}`]: {
    body: { kind: 'NOTICE', category: '공지', title: '예시 공지', body: '<p>예시</p>' },
  },
  [`PUT ${apiPaths.hospitalContent.update}`]: {
    body: { idx: 1, category: '공지', title: '예시 공지', body: '<p>예시</p>' },
  },
  [`PUT ${apiPaths.hospitalContent.publish}`]: { body: { idx: 1 } },
  [`PUT ${apiPaths.hospitalContent.unpublish}`]: { body: { idx: 1 } },
  [`DELETE ${apiPaths.hospitalContent.delete}`]: { body: { idx: 1 } },
  [`PUT ${apiPaths.hospitalContent.restore}`]: { body: { idx: 1 } },
  [`POST ${apiPaths.hospitalContent.uploadFile}`]: {
    body: { fileName: 'map.png', dataBase64: 'iVBORw0KGgo=' },
  },
  // issue 13 — home-care vital signs
  [`POST ${apiPaths.vitalSign.record}`]: { body: { kind: 'HEART_RATE', bpm: 72 } },
  [`GET ${apiPaths.vitalSign.getReadings}`]: { query: { kind: 'HEART_RATE' } },
  [`PUT ${apiPaths.vitalSign.update}`]: { body: { idx: 1, reading: { kind: 'HEART_RATE', bpm: 70 } } },
  [`DELETE ${apiPaths.vitalSign.delete}`]: { body: { idx: 1 } },
  [`GET ${apiPaths.vitalSign.getSummary}`]: {
    query: { kind: 'HEART_RATE', from: '2026-01-01T00:00:00+09:00', to: '2026-02-01T00:00:00+09:00' },
  },
  [`POST ${apiPaths.vitalSign.importBatch}`]: {
    body: {
      source: 'HEALTH_CONNECT',
      records: [{ sourceRecordId: 'hc-1', reading: { kind: 'SPO2', percent: 97 } }],
    },
  },
  [`GET ${apiPaths.vitalSign.getPatientTargets}`]: { query: { patientIdx: '1' } },
  [`PUT ${apiPaths.vitalSign.setTarget}`]: {
    body: { patientIdx: 1, kind: 'BLOOD_PRESSURE', low: null, high: 130, high2: 80 },
  },
  [`DELETE ${apiPaths.vitalSign.clearTarget}`]: { body: { patientIdx: 1, kind: 'BLOOD_PRESSURE' } },
  // issue 12 — notifications
  [`GET ${apiPaths.notification.getMyNotifications}`]: { query: { pNum: '1', pSize: '20' } },
  [`PUT ${apiPaths.notification.markRead}`]: { body: { notificationIdx: 1 } },
  [`POST ${apiPaths.notification.saveWebPush}`]: {
    body: { endpoint: 'https://push.example.com/send/abc', keys: { p256dh: 'BExample', auth: 'example' } },
  },
  [`DELETE ${apiPaths.notification.deleteWebPush}`]: {
    body: { endpoint: 'https://push.example.com/send/abc' },
  },
  [`PUT ${apiPaths.notification.presence}`]: { body: { deviceId: 'device-example-1', foreground: true } },
  [`POST ${apiPaths.notification.sendTest}`]: { body: { patientIdx: 1 } },
  // issue 15 — medication reminders
  [`GET ${apiPaths.medication.searchMedicine}`]: { query: { q: '타이레놀' } },
  [`GET ${apiPaths.medication.getMedication}`]: { query: { idx: '1' } },
  [`POST ${apiPaths.medication.add}`]: {
    body: {
      name: '타이레놀정500밀리그람',
      form: 'TABLET',
      dosePerIntake: 1,
      times: ['08:00', '20:00'],
      startDate: '2026-01-01',
    },
  },
  [`PUT ${apiPaths.medication.update}`]: {
    body: {
      idx: 1,
      medication: {
        name: '타이레놀정500밀리그람',
        form: 'TABLET',
        dosePerIntake: 1,
        times: ['08:00', '20:00'],
        startDate: '2026-01-01',
      },
    },
  },
  [`PUT ${apiPaths.medication.stop}`]: { body: { idx: 1 } },
  [`GET ${apiPaths.medication.getDoses}`]: { query: { date: '2026-01-01' } },
  [`GET ${apiPaths.medication.getCalendar}`]: { query: { month: '2026-01' } },
  [`PUT ${apiPaths.medication.takeDose}`]: { body: { doseIdx: 1 } },
  [`PUT ${apiPaths.medication.skipDose}`]: { body: { doseIdx: 1, reason: '속이 불편해서' } },
  [`PUT ${apiPaths.medication.snoozeDose}`]: { body: { doseIdx: 1 } },
  [`GET ${apiPaths.medication.getPatientMedications}`]: { query: { patientIdx: '1' } },
  [`POST ${apiPaths.medication.prescribe}`]: {
    body: {
      patientIdx: 1,
      medication: {
        name: '타이레놀정500밀리그람',
        form: 'TABLET',
        dosePerIntake: 1,
        times: ['08:00', '20:00'],
        startDate: '2026-01-01',
      },
    },
  },
  [`PUT ${apiPaths.medication.change}`]: {
    body: {
      idx: 1,
      medication: {
        name: '타이레놀정500밀리그람',
        form: 'TABLET',
        dosePerIntake: 1,
        times: ['08:00', '20:00'],
        startDate: '2026-01-01',
      },
    },
  },
  [`PUT ${apiPaths.medication.stopForPatient}`]: { body: { idx: 1 } },
  // issue 16 — document requests
  [`POST ${apiPaths.documentRequest.create}`]: {
    body: {
      type: 'DIAGNOSIS',
      department: '내과',
      purpose: 'INSURANCE',
      copies: 1,
      language: 'KO',
      delivery: 'APP_PDF',
      clientRequestId: 'example-request-1',
    },
  },
  [`GET ${apiPaths.documentRequest.getMyRequest}`]: { query: { idx: '1' } },
  [`PUT ${apiPaths.documentRequest.cancel}`]: { body: { idx: 1 } },
  [`GET ${apiPaths.documentRequest.download}`]: { query: { idx: '1' } },
  [`GET ${apiPaths.documentRequest.getIssuedPdf}`]: { query: { idx: '1' } },
  [`GET ${apiPaths.documentRequest.getRequest}`]: { query: { idx: '1' } },
  [`PUT ${apiPaths.documentRequest.review}`]: { body: { idx: 1 } },
  [`PUT ${apiPaths.documentRequest.issue}`]: { body: { idx: 1, content: '진료 사실을 확인함.' } },
  [`PUT ${apiPaths.documentRequest.reject}`]: { body: { idx: 1, reason: '예시 사유' } },
  [`GET ${apiPaths.documentRequest.verify}`]: { query: { code: 'ABCD-EFGH-JKMN-PQRS' } },
  // issue 15 — diet logging
  [`GET ${apiPaths.diet.searchFoods}`]: { query: { keyword: '김치' } },
  [`POST ${apiPaths.diet.recordMeal}`]: {
    body: {
      mealType: 'LUNCH',
      eatenAt: '2026-01-01T12:00:00+09:00',
      items: [{ kind: 'FOOD', foodCode: 'F001', unit: 'SERVING', amount: 1 }],
    },
  },
  [`PUT ${apiPaths.diet.updateMeal}`]: {
    body: {
      idx: 1,
      mealType: 'LUNCH',
      eatenAt: '2026-01-01T12:00:00+09:00',
      items: [{ kind: 'FREE', name: '예시', kcal: 100 }],
    },
  },
  [`DELETE ${apiPaths.diet.deleteMeal}`]: { body: { idx: 1 } },
  [`GET ${apiPaths.diet.getMeal}`]: { query: { idx: '1' } },
  [`GET ${apiPaths.diet.getPhoto}`]: { query: { idx: '1' } },
  [`GET ${apiPaths.diet.getDay}`]: { query: { date: '2026-01-01' } },
  [`GET ${apiPaths.diet.getPatientDiet}`]: { query: { patientIdx: '1' } },
  [`GET ${apiPaths.diet.getPatientPhoto}`]: { query: { patientIdx: '1', idx: '1' } },
  [`PUT ${apiPaths.diet.setTargets}`]: {
    body: {
      patientIdx: 1,
      kcal: 1800,
      carbG: 250,
      proteinG: 60,
      fatG: 50,
      sugarG: 50,
      sodiumMg: 2000,
      diabetic: true,
      hypertensive: false,
    },
  },
  [`DELETE ${apiPaths.diet.resetTargets}`]: { body: { patientIdx: 1 } },
  // issue 13 — home-care nurse
  [`GET ${apiPaths.homeCare.getWatchList}`]: { query: { q: '김', pNum: '1', pSize: '20' } },
  [`GET ${apiPaths.homeCare.getPatient}`]: { query: { patientIdx: '1' } },
  [`GET ${apiPaths.homeCare.getPatientSummary}`]: {
    query: {
      patientIdx: '1',
      kind: 'BLOOD_PRESSURE',
      from: '2026-01-01T00:00:00+09:00',
      to: '2026-02-01T00:00:00+09:00',
    },
  },
  [`PUT ${apiPaths.homeCare.saveNote}`]: { body: { patientIdx: 1, text: '아침 혈압 확인 요망' } },
  [`PUT ${apiPaths.homeCare.setStaleDays}`]: { body: { staleDays: 3 } },
  [`PUT ${apiPaths.homeCare.acknowledgeAlert}`]: { body: { alertIdx: 1 } },
  // issue 17 — Q&A with the care team
  [`POST ${apiPaths.qna.createQuestion}`]: {
    body: {
      category: 'SYMPTOM',
      title: '어지러워요',
      text: '아침마다 어지럽습니다',
      clientRequestId: 'route-example-1',
    },
  },
  [`GET ${apiPaths.qna.getMyQuestions}`]: { query: { pNum: '1', pSize: '10' } },
  [`GET ${apiPaths.qna.getQuestion}`]: { query: { idx: '1' } },
  [`GET ${apiPaths.qna.getPhoto}`]: { query: { idx: '1' } },
  [`POST ${apiPaths.qna.addFollowUp}`]: { body: { idx: 1, text: '오늘도 어지럽습니다' } },
  [`PUT ${apiPaths.qna.closeQuestion}`]: { body: { idx: 1 } },
  [`GET ${apiPaths.qna.getQueue}`]: { query: { status: 'WAITING' } },
  [`GET ${apiPaths.qna.getPatientQuestion}`]: { query: { idx: '1' } },
  [`GET ${apiPaths.qna.getPatientPhoto}`]: { query: { idx: '1' } },
  [`PUT ${apiPaths.qna.assignToMe}`]: { body: { idx: 1 } },
  [`POST ${apiPaths.qna.answer}`]: { body: { idx: 1, text: '물을 충분히 드세요' } },
  [`POST ${apiPaths.qna.createTemplate}`]: { body: { title: '수분 섭취', text: '물을 충분히 드세요' } },
  [`DELETE ${apiPaths.qna.deleteTemplate}`]: { body: { idx: 1 } },
  // issue 16 — appointments (schedules)
  [`GET ${apiPaths.appointment.getMyAppointment}`]: { query: { idx: '1' } },
  [`PUT ${apiPaths.appointment.requestChange}`]: {
    body: { idx: 1, preferredTimes: ['2030-01-02T10:00:00+09:00'], note: '오후가 좋습니다' },
  },
  [`PUT ${apiPaths.appointment.requestCancel}`]: { body: { idx: 1, note: '일정이 생겼습니다' } },
  [`POST ${apiPaths.appointment.addPersonal}`]: {
    body: {
      title: '약국 방문',
      startsAt: '2030-01-02T10:00:00+09:00',
      clientRequestId: 'personal-example-1',
    },
  },
  [`PUT ${apiPaths.appointment.updatePersonal}`]: {
    body: { idx: 1, title: '약국 방문', startsAt: '2030-01-02T10:00:00+09:00' },
  },
  [`DELETE ${apiPaths.appointment.deletePersonal}`]: { body: { idx: 1 } },
  [`GET ${apiPaths.appointment.getIcs}`]: { query: { idx: '1' } },
  [`GET ${apiPaths.appointment.getSchedule}`]: { query: { date: '2030-01-02', view: 'week' } },
  [`GET ${apiPaths.appointment.getAppointment}`]: { query: { idx: '1' } },
  [`POST ${apiPaths.appointment.create}`]: {
    body: {
      patientIdx: 1,
      department: '내과',
      doctor: '김의사',
      startsAt: '2030-01-02T10:00:00+09:00',
      durationMin: 30,
      type: 'OUTPATIENT',
      clientRequestId: 'appointment-example-1',
    },
  },
  [`PUT ${apiPaths.appointment.update}`]: {
    body: {
      idx: 1,
      department: '내과',
      doctor: '김의사',
      startsAt: '2030-01-02T10:00:00+09:00',
      durationMin: 30,
      type: 'OUTPATIENT',
    },
  },
  [`PUT ${apiPaths.appointment.cancel}`]: { body: { idx: 1, reason: '의사 일정 변경' } },
  [`PUT ${apiPaths.appointment.complete}`]: { body: { idx: 1 } },
  [`PUT ${apiPaths.appointment.acceptRequest}`]: { body: { idx: 1 } },
  [`PUT ${apiPaths.appointment.declineRequest}`]: { body: { idx: 1, reason: '예약 가능한 시간이 없습니다' } },
  // issue 16 — ratings
  [`GET ${apiPaths.rating.getOccasion}`]: { query: { kind: 'CHAT', idx: '1' } },
  [`PUT ${apiPaths.rating.submit}`]: {
    body: { kind: 'CHAT', idx: 1, stars: 5, tags: ['KIND'], comment: '친절했어요' },
  },
  [`GET ${apiPaths.rating.getStats}`]: { query: { months: '6' } },
  // issue 17 — telemedicine
  [`GET ${apiPaths.telemedicine.getMyVisit}`]: { query: { visitIdx: '1' } },
  [`PUT ${apiPaths.telemedicine.agreeConsent}`]: { body: { version: '2026-11' } },
  [`PUT ${apiPaths.telemedicine.enterWaitingRoom}`]: { body: { visitIdx: 1 } },
  [`PUT ${apiPaths.telemedicine.leaveWaitingRoom}`]: { body: { visitIdx: 1 } },
  [`PUT ${apiPaths.telemedicine.requestChange}`]: {
    body: { visitIdx: 1, preferredDates: ['2030-01-02T10:00:00+09:00'], reason: '출장' },
  },
  [`PUT ${apiPaths.telemedicine.requestCancel}`]: { body: { visitIdx: 1, reason: '다 나았어요' } },
  [`PUT ${apiPaths.telemedicine.withdrawRequest}`]: { body: { visitIdx: 1 } },
  [`PUT ${apiPaths.telemedicine.reportDeviceCheck}`]: {
    body: { visitIdx: 1, camera: 'OK', microphone: 'OK', speakerConfirmed: true, rttMs: 40, downKbps: 5000 },
  },
  [`GET ${TELEMEDICINE_PROBE_PATH}`]: { query: { bytes: '0' } },
  [`GET ${apiPaths.telemedicine.getDay}`]: { query: { date: '2030-01-02' } },
  [`GET ${apiPaths.telemedicine.getVisit}`]: { query: { visitIdx: '1' } },
  [`POST ${apiPaths.telemedicine.book}`]: {
    body: {
      patientIdx: 1,
      staffIdx: 1,
      department: '내과',
      scheduledAt: '2030-01-02T10:00:00+09:00',
      durationMin: 15,
      reason: '혈압 약 조절',
    },
  },
  [`PUT ${apiPaths.telemedicine.move}`]: { body: { visitIdx: 1, scheduledAt: '2030-01-02T11:00:00+09:00' } },
  [`PUT ${apiPaths.telemedicine.cancel}`]: { body: { visitIdx: 1, reason: '의사 일정 변경' } },
  [`PUT ${apiPaths.telemedicine.admit}`]: { body: { visitIdx: 1 } },
  [`PUT ${apiPaths.telemedicine.endCall}`]: { body: { visitIdx: 1 } },
  [`PUT ${apiPaths.telemedicine.markNoShow}`]: { body: { visitIdx: 1 } },
  [`PUT ${apiPaths.telemedicine.writeSummary}`]: {
    body: { visitIdx: 1, summary: '혈압 안정적', followUp: '2주 후' },
  },
  [`PUT ${apiPaths.telemedicine.acceptRequest}`]: { body: { visitIdx: 1 } },
  [`PUT ${apiPaths.telemedicine.declineRequest}`]: {
    body: { visitIdx: 1, reason: '예약 가능한 시간이 없습니다' },
  },
};

/** The path under API_PREFIX, as apiPaths and the `api()` test helper spell it. */
export const pathOf = (route: ApiRoute): string => route.url.slice(API_PREFIX.length);

export function exampleOf(route: ApiRoute): RouteExample {
  const key = `${route.method} ${pathOf(route)}`;
  const example = EXAMPLES[key];
  if (!example && route.hasBody) {
    throw new Error(`No example body for ${key}: add one to testing/route-examples.ts`);
  }
  return example ?? {};
}
