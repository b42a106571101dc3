/**
 * The one table of result codes (brief §2). `code` 0 is success; every failure has its own
 * 8-digit code, the HTTP status that goes with it, and a description per app language.
 * 30002003 and 30002007 are fixed by the spec (§8); the rest follow the same numbering:
 * 1000xxxx request/generic, 3000xxxx identity, 4000xxxx chat and care.
 */
export {
  ResultCode,
  APP_LOCALES,
  DEFAULT_LOCALE,
  resultCodeName,
  resolveLocale,
  type ResultCodeName,
  type ResultCodeValue,
  type AppLocale,
} from './result-code-values.ts';
import type { AppLocale, ResultCodeName } from './result-code-values.ts';

export const httpStatusOf: Record<ResultCodeName, number> = {
  SUCCESS: 200,
  VALIDATION_FAILED: 400,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  SERVER_ERROR: 500,
  BAD_CREDENTIALS: 401,
  TOKEN_EXPIRED: 401,
  REFRESH_TOKEN_REUSED: 400,
  ACCOUNT_LOCKED: 423,
  FORBIDDEN: 403,
  NOT_LOGGED_IN: 401,
  REFRESH_FAILED: 400,
  VERIFICATION_CODE_INVALID: 400,
  ACCOUNT_DELETION_PENDING: 409,
  HOSPITAL_NOT_CHOSEN: 409,
  CHAT_ROOM_COMPLETED: 409,
  NURSE_CALL_NOT_OPEN: 409,
  // issue 10 — admissions and nurse-call routing
  NO_ACTIVE_ADMISSION: 409,
  ALREADY_ADMITTED: 409,
  ADMISSION_CLOSED: 409,
  // issue 12 — Kakao login
  KAKAO_NOT_CONFIGURED: 404,
  KAKAO_STATE_INVALID: 400,
  KAKAO_LOGIN_FAILED: 502,
  KAKAO_TICKET_INVALID: 400,
  KAKAO_ALREADY_LINKED: 409,
  KAKAO_NOT_LINKED: 409,
  KAKAO_UNLINK_NEEDS_PASSWORD: 409,
  KAKAO_UNLINK_CALLBACK_REFUSED: 401,
  // issue 14 — hospital information
  CONTENT_FILE_TYPE_NOT_ALLOWED: 415,
  CONTENT_FILE_TOO_LARGE: 413,
  CONTENT_RESTORE_EXPIRED: 409,
  // issue 13 — home-care vital signs
  VITAL_SIGN_IMPOSSIBLE: 400,
  VITAL_SIGN_NOT_EDITABLE: 409,
  // issue 15 — medication reminders
  MEDICATION_DOSE_ALREADY_DONE: 409,
  MEDICATION_DOSE_TOO_EARLY: 409,
  MEDICATION_DOSE_TOO_LATE: 409,
  MEDICATION_STOPPED: 409,
  // issue 16 — document requests
  DOCUMENT_REQUEST_STATE: 409,
  DOCUMENT_NOT_DOWNLOADABLE: 409,
  DOCUMENT_VERIFY_FAILED: 404,
  // issue 15 — diet logging
  DIET_INVALID: 400,
  // issue 13 — home-care nurse
  HOME_CARE_ALERT_ACKNOWLEDGED: 409,
  // issue 17 — Q&A with the care team
  QNA_INVALID: 400,
  QNA_STATE: 409,
  // issue 16 — appointments
  APPOINTMENT_STATE: 409,
  APPOINTMENT_PAST: 409,
  APPOINTMENT_NOT_EDITABLE: 403,
  APPOINTMENT_NOT_STARTED: 409,
  // issue 16 — ratings
  RATING_NOT_COMPLETED: 409,
  RATING_WINDOW_CLOSED: 409,
  // issue 17 — telemedicine
  TELEMEDICINE_WINDOW_CLOSED: 409,
  TELEMEDICINE_CONSENT_REQUIRED: 409,
  TELEMEDICINE_BAD_STATE: 409,
  TELEMEDICINE_REQUEST_OPEN: 409,
  TELEMEDICINE_NO_REQUEST: 409,
  TELEMEDICINE_NOT_CLINICIAN: 403,
  TELEMEDICINE_SLOT_TAKEN: 409,
  TELEMEDICINE_TIME_INVALID: 409,
};

type Descriptions = Record<ResultCodeName, string>;

/** Descriptions the server puts in `description`, in the request's language (Korean by default). */
export const resultDescriptions: Record<AppLocale, Descriptions> = {
  'kr-KO': {
    SUCCESS: '성공',
    VALIDATION_FAILED: '입력값을 확인해 주세요.',
    NOT_FOUND: '요청한 정보를 찾을 수 없습니다.',
    CONFLICT: '이미 처리되었거나 다른 정보와 충돌합니다.',
    RATE_LIMITED: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
    PAYLOAD_TOO_LARGE: '보낸 내용이 너무 큽니다.',
    SERVER_ERROR: '일시적인 문제가 발생했습니다. 잠시 후 다시 시도해 주세요.',
    BAD_CREDENTIALS: '아이디 또는 비밀번호가 올바르지 않습니다.',
    TOKEN_EXPIRED: '인증이 만료되었습니다.',
    REFRESH_TOKEN_REUSED: '보안을 위해 로그아웃되었습니다. 다시 로그인해 주세요.',
    ACCOUNT_LOCKED: '로그인 시도가 많아 잠시 잠겼습니다. 잠시 후 다시 시도해 주세요.',
    FORBIDDEN: '접근 권한이 없습니다.',
    NOT_LOGGED_IN: '로그인 후 이용 부탁드립니다',
    REFRESH_FAILED: '로그인이 필요합니다.',
    VERIFICATION_CODE_INVALID: '인증번호가 올바르지 않거나 만료되었습니다.',
    ACCOUNT_DELETION_PENDING: '탈퇴 요청이 진행 중인 계정입니다.',
    HOSPITAL_NOT_CHOSEN: '먼저 병원을 선택해 주세요.',
    CHAT_ROOM_COMPLETED: '이미 종료된 상담입니다.',
    NURSE_CALL_NOT_OPEN: '이미 처리된 호출입니다.',
    // issue 10 — admissions and nurse-call routing
    NO_ACTIVE_ADMISSION:
      '입원 중인 병상이 확인되지 않아 간호사 호출을 보낼 수 없습니다. 상담 채팅을 이용해 주세요.',
    ALREADY_ADMITTED: '이미 입원 중인 환자입니다.',
    ADMISSION_CLOSED: '이미 퇴원 처리된 입원 기록입니다.',
    // issue 12 — Kakao login
    KAKAO_NOT_CONFIGURED: '카카오 로그인을 사용할 수 없습니다.',
    KAKAO_STATE_INVALID: '로그인 요청이 만료되었거나 올바르지 않습니다. 처음부터 다시 시도해 주세요.',
    KAKAO_LOGIN_FAILED: '카카오 로그인을 완료하지 못했습니다. 잠시 후 다시 시도해 주세요.',
    KAKAO_TICKET_INVALID: '카카오 계정 확인 시간이 지났습니다. 카카오 로그인을 다시 해 주세요.',
    KAKAO_ALREADY_LINKED: '이미 다른 카카오 계정과 연결된 계정입니다.',
    KAKAO_NOT_LINKED: '카카오 계정이 연결되어 있지 않습니다.',
    KAKAO_UNLINK_NEEDS_PASSWORD:
      '비밀번호가 없는 계정은 카카오 연결을 해제할 수 없습니다. 비밀번호를 먼저 설정해 주세요.',
    KAKAO_UNLINK_CALLBACK_REFUSED: '허용되지 않은 요청입니다.',
    // issue 14 — hospital information
    CONTENT_FILE_TYPE_NOT_ALLOWED: 'PNG, JPEG, WebP, GIF 이미지와 PDF 파일만 올릴 수 있습니다.',
    CONTENT_FILE_TOO_LARGE: '파일이 너무 큽니다. 이미지는 3MB, PDF는 10MB까지 올릴 수 있습니다.',
    CONTENT_RESTORE_EXPIRED: '삭제한 지 30일이 지나 복구할 수 없습니다.',
    // issue 13 — home-care vital signs
    VITAL_SIGN_IMPOSSIBLE: '기록할 수 없는 값입니다. 표시된 항목을 확인해 주세요.',
    VITAL_SIGN_NOT_EDITABLE: '기기에서 가져온 기록은 고치거나 지울 수 없습니다.',
    // issue 15 — medication reminders
    MEDICATION_DOSE_ALREADY_DONE: '이미 기록된 복용입니다.',
    MEDICATION_DOSE_TOO_EARLY: '아직 복용 시간이 아닙니다. 예정 시간 1시간 전부터 기록할 수 있습니다.',
    MEDICATION_DOSE_TOO_LATE: '너무 오래 지난 복용은 기록할 수 없습니다.',
    MEDICATION_STOPPED: '복용이 중지된 약입니다.',
    // issue 16 — document requests
    DOCUMENT_REQUEST_STATE: '지금 상태에서는 이 신청을 바꿀 수 없습니다.',
    DOCUMENT_NOT_DOWNLOADABLE: '앱에서 내려받을 수 있는 발급 서류가 없습니다.',
    DOCUMENT_VERIFY_FAILED: '확인되지 않는 검증 코드입니다. 위조되었거나 잘못 입력된 코드입니다.',
    // issue 15 — diet logging
    DIET_INVALID: '저장할 수 없습니다. 표시된 항목을 확인해 주세요.',
    // issue 13 — home-care nurse
    HOME_CARE_ALERT_ACKNOWLEDGED: '다른 간호사가 이미 확인한 알림입니다.',
    // issue 17 — Q&A with the care team
    QNA_INVALID: '등록할 수 없습니다. 표시된 항목을 확인해 주세요.',
    QNA_STATE: '지금 상태에서는 이 질문을 바꿀 수 없습니다.',
    // issue 16 — appointments
    APPOINTMENT_STATE: '지금 상태에서는 이 예약을 바꿀 수 없습니다.',
    APPOINTMENT_PAST: '지난 예약이나 지난 시간으로는 요청할 수 없습니다.',
    APPOINTMENT_NOT_EDITABLE: '수정할 수 없는 일정입니다.',
    APPOINTMENT_NOT_STARTED: '진료 시작 시간이 지나야 완료로 표시할 수 있습니다.',
    // issue 16 — ratings
    RATING_NOT_COMPLETED: '아직 끝나지 않은 상담은 평가할 수 없습니다.',
    RATING_WINDOW_CLOSED: '평가 기간이 지나 더 이상 바꿀 수 없습니다.',
    // issue 17 — telemedicine
    TELEMEDICINE_WINDOW_CLOSED: '진료실은 예약 10분 전부터 진료 시간이 끝날 때까지 입장할 수 있습니다.',
    TELEMEDICINE_CONSENT_REQUIRED: '비대면 진료 동의 후 입장할 수 있습니다.',
    TELEMEDICINE_BAD_STATE: '이 진료는 지금 상태에서 할 수 없는 요청입니다.',
    TELEMEDICINE_REQUEST_OPEN: '이미 처리 중인 변경·취소 요청이 있습니다.',
    TELEMEDICINE_NO_REQUEST: '처리할 변경·취소 요청이 없습니다.',
    TELEMEDICINE_NOT_CLINICIAN: '이 진료를 맡을 수 있는 의료진이 아닙니다.',
    TELEMEDICINE_SLOT_TAKEN: '해당 의료진에게 이미 겹치는 진료 예약이 있습니다.',
    TELEMEDICINE_TIME_INVALID: '지금은 선택할 수 없는 시간입니다.',
  },
  'en-US': {
    SUCCESS: 'Success',
    VALIDATION_FAILED: 'Please check what you entered.',
    NOT_FOUND: 'The requested information was not found.',
    CONFLICT: 'This was already done or conflicts with other data.',
    RATE_LIMITED: 'Too many requests. Please try again shortly.',
    PAYLOAD_TOO_LARGE: 'What you sent is too large.',
    SERVER_ERROR: 'Something went wrong. Please try again shortly.',
    BAD_CREDENTIALS: 'The ID or password is incorrect.',
    TOKEN_EXPIRED: 'Your sign-in has expired.',
    REFRESH_TOKEN_REUSED: 'You were logged out for security. Please log in again.',
    ACCOUNT_LOCKED: 'Too many login attempts. Please try again later.',
    FORBIDDEN: 'You do not have access to this.',
    NOT_LOGGED_IN: 'Please log in to continue.',
    REFRESH_FAILED: 'Please log in again.',
    VERIFICATION_CODE_INVALID: 'The verification code is wrong or has expired.',
    ACCOUNT_DELETION_PENDING: 'This account has a pending deletion request.',
    HOSPITAL_NOT_CHOSEN: 'Please choose a hospital first.',
    CHAT_ROOM_COMPLETED: 'This consultation has already ended.',
    NURSE_CALL_NOT_OPEN: 'This call has already been handled.',
    // issue 10 — admissions and nurse-call routing
    NO_ACTIVE_ADMISSION:
      'No current admission to a bed was found, so a nurse call cannot be sent. Please use the consulting chat.',
    ALREADY_ADMITTED: 'This patient is already admitted.',
    ADMISSION_CLOSED: 'This admission has already been closed.',
    // issue 12 — Kakao login
    KAKAO_NOT_CONFIGURED: 'Kakao login is not available.',
    KAKAO_STATE_INVALID: 'The login request has expired or is not valid. Please start again.',
    KAKAO_LOGIN_FAILED: 'Kakao login could not be completed. Please try again shortly.',
    KAKAO_TICKET_INVALID: 'The Kakao sign-in has expired. Please log in with Kakao again.',
    KAKAO_ALREADY_LINKED: 'This account is already linked to another Kakao account.',
    KAKAO_NOT_LINKED: 'No Kakao account is linked.',
    KAKAO_UNLINK_NEEDS_PASSWORD:
      'An account without a password cannot unlink Kakao. Please set a password first.',
    KAKAO_UNLINK_CALLBACK_REFUSED: 'This request is not allowed.',
    // issue 14 — hospital information
    CONTENT_FILE_TYPE_NOT_ALLOWED: 'Only PNG, JPEG, WebP and GIF images and PDF files can be uploaded.',
    CONTENT_FILE_TOO_LARGE: 'The file is too large: images up to 3 MB, PDF files up to 10 MB.',
    CONTENT_RESTORE_EXPIRED: 'Items deleted more than 30 days ago cannot be restored.',
    // issue 13 — home-care vital signs
    VITAL_SIGN_IMPOSSIBLE: 'This reading cannot be recorded. Please check the marked fields.',
    VITAL_SIGN_NOT_EDITABLE: 'Readings imported from a device cannot be edited or deleted.',
    // issue 15 — medication reminders
    MEDICATION_DOSE_ALREADY_DONE: 'This dose has already been recorded.',
    MEDICATION_DOSE_TOO_EARLY: 'It is not time for this dose yet. You can record it from one hour before.',
    MEDICATION_DOSE_TOO_LATE: 'This dose is too far in the past to record.',
    MEDICATION_STOPPED: 'This medicine has been stopped.',
    // issue 16 — document requests
    DOCUMENT_REQUEST_STATE: 'This request cannot be changed in its current status.',
    DOCUMENT_NOT_DOWNLOADABLE: 'There is no issued document to download in the app.',
    DOCUMENT_VERIFY_FAILED: 'This verification code does not match any issued document.',
    // issue 15 — diet logging
    DIET_INVALID: 'This cannot be saved. Please check the marked fields.',
    // issue 13 — home-care nurse
    HOME_CARE_ALERT_ACKNOWLEDGED: 'Another nurse has already acknowledged this alert.',
    // issue 17 — Q&A with the care team
    QNA_INVALID: 'This cannot be sent. Please check the marked fields.',
    QNA_STATE: 'This question cannot be changed in its current status.',
    // issue 16 — appointments
    APPOINTMENT_STATE: 'This appointment cannot be changed in its current status.',
    APPOINTMENT_PAST: 'A past appointment or a past time cannot be requested.',
    APPOINTMENT_NOT_EDITABLE: 'You cannot edit this schedule item.',
    APPOINTMENT_NOT_STARTED: 'A visit can be marked done only once its start time has passed.',
    // issue 16 — ratings
    RATING_NOT_COMPLETED: 'A consultation that has not finished cannot be rated yet.',
    RATING_WINDOW_CLOSED: 'The rating period is over; it can no longer be changed.',
    // issue 17 — telemedicine
    TELEMEDICINE_WINDOW_CLOSED:
      'The waiting room opens 10 minutes before the visit and closes when its time is over.',
    TELEMEDICINE_CONSENT_REQUIRED: 'Please agree to the telemedicine consent before entering.',
    TELEMEDICINE_BAD_STATE: 'This cannot be done in the visit’s current state.',
    TELEMEDICINE_REQUEST_OPEN: 'A change or cancellation request is already open.',
    TELEMEDICINE_NO_REQUEST: 'There is no open change or cancellation request.',
    TELEMEDICINE_NOT_CLINICIAN: 'This staff member cannot hold this visit.',
    TELEMEDICINE_SLOT_TAKEN: 'The clinician already has a visit at an overlapping time.',
    TELEMEDICINE_TIME_INVALID: 'That time cannot be chosen now.',
  },
  'zh-CN': {
    SUCCESS: '成功',
    VALIDATION_FAILED: '请检查输入内容。',
    NOT_FOUND: '未找到请求的信息。',
    CONFLICT: '已处理或与其他信息冲突。',
    RATE_LIMITED: '请求过多，请稍后再试。',
    PAYLOAD_TOO_LARGE: '发送的内容过大。',
    SERVER_ERROR: '发生临时错误，请稍后再试。',
    BAD_CREDENTIALS: '账号或密码不正确。',
    TOKEN_EXPIRED: '认证已过期。',
    REFRESH_TOKEN_REUSED: '为了安全已退出登录，请重新登录。',
    ACCOUNT_LOCKED: '登录尝试过多，请稍后再试。',
    FORBIDDEN: '没有访问权限。',
    NOT_LOGGED_IN: '请登录后使用。',
    REFRESH_FAILED: '请重新登录。',
    VERIFICATION_CODE_INVALID: '验证码错误或已过期。',
    ACCOUNT_DELETION_PENDING: '该账号有待处理的注销申请。',
    HOSPITAL_NOT_CHOSEN: '请先选择医院。',
    CHAT_ROOM_COMPLETED: '咨询已结束。',
    NURSE_CALL_NOT_OPEN: '该呼叫已处理。',
    // issue 10 — admissions and nurse-call routing
    NO_ACTIVE_ADMISSION: '未找到住院床位信息，无法呼叫护士。请使用咨询聊天。',
    ALREADY_ADMITTED: '该患者已在住院中。',
    ADMISSION_CLOSED: '该住院记录已出院。',
    // issue 12 — Kakao login
    KAKAO_NOT_CONFIGURED: '无法使用 Kakao 登录。',
    KAKAO_STATE_INVALID: '登录请求已过期或无效，请重新开始。',
    KAKAO_LOGIN_FAILED: '无法完成 Kakao 登录，请稍后再试。',
    KAKAO_TICKET_INVALID: 'Kakao 验证已过期，请重新使用 Kakao 登录。',
    KAKAO_ALREADY_LINKED: '该账号已与其他 Kakao 账号关联。',
    KAKAO_NOT_LINKED: '未关联 Kakao 账号。',
    KAKAO_UNLINK_NEEDS_PASSWORD: '没有密码的账号无法解除 Kakao 关联，请先设置密码。',
    KAKAO_UNLINK_CALLBACK_REFUSED: '不允许的请求。',
    // issue 14 — hospital information
    CONTENT_FILE_TYPE_NOT_ALLOWED: '只能上传 PNG、JPEG、WebP、GIF 图片和 PDF 文件。',
    CONTENT_FILE_TOO_LARGE: '文件过大：图片最大 3MB，PDF 最大 10MB。',
    CONTENT_RESTORE_EXPIRED: '删除已超过 30 天，无法恢复。',
    // issue 13 — home-care vital signs
    VITAL_SIGN_IMPOSSIBLE: '无法记录该数值，请检查标出的项目。',
    VITAL_SIGN_NOT_EDITABLE: '从设备导入的记录不能修改或删除。',
    // issue 15 — medication reminders
    MEDICATION_DOSE_ALREADY_DONE: '该次服药已记录。',
    MEDICATION_DOSE_TOO_EARLY: '还没到服药时间，可在预定时间前1小时起记录。',
    MEDICATION_DOSE_TOO_LATE: '该次服药时间已过太久，无法记录。',
    MEDICATION_STOPPED: '该药物已停用。',
    // issue 16 — document requests
    DOCUMENT_REQUEST_STATE: '该申请当前状态下无法执行此操作。',
    DOCUMENT_NOT_DOWNLOADABLE: '没有可在应用中下载的证明文件。',
    DOCUMENT_VERIFY_FAILED: '验证码无效，无法确认该文件。',
    // issue 15 — diet logging
    DIET_INVALID: '无法保存，请检查标出的项目。',
    // issue 13 — home-care nurse
    HOME_CARE_ALERT_ACKNOWLEDGED: '其他护士已确认此警报。',
    // issue 17 — Q&A with the care team
    QNA_INVALID: '无法提交，请检查标出的项目。',
    QNA_STATE: '该问题当前状态下无法执行此操作。',
    // issue 16 — appointments
    APPOINTMENT_STATE: '该预约当前状态下无法执行此操作。',
    APPOINTMENT_PAST: '已过去的预约或时间无法申请变更或取消。',
    APPOINTMENT_NOT_EDITABLE: '这不是您可以修改的日程。',
    APPOINTMENT_NOT_STARTED: '就诊开始时间过后才能标记为完成。',
    // issue 16 — ratings
    RATING_NOT_COMPLETED: '尚未结束的咨询无法评价。',
    RATING_WINDOW_CLOSED: '评价期限已过，无法再修改。',
    // issue 17 — telemedicine
    TELEMEDICINE_WINDOW_CLOSED: '诊室在预约前10分钟开放，至就诊时间结束关闭。',
    TELEMEDICINE_CONSENT_REQUIRED: '请先同意远程诊疗知情同意书后再进入。',
    TELEMEDICINE_BAD_STATE: '该就诊当前状态下无法执行此操作。',
    TELEMEDICINE_REQUEST_OPEN: '已有正在处理的变更或取消申请。',
    TELEMEDICINE_NO_REQUEST: '没有待处理的变更或取消申请。',
    TELEMEDICINE_NOT_CLINICIAN: '该医护人员无法负责此次就诊。',
    TELEMEDICINE_SLOT_TAKEN: '该医护人员在重叠时间已有就诊预约。',
    TELEMEDICINE_TIME_INVALID: '现在无法选择该时间。',
  },
};
