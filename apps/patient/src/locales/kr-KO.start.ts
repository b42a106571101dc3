import { contractValidation } from './contract-validation';

/**
 * Korean for the first screens (login, home) and what runs at start-up: loaded with the
 * app. The rest of the Korean catalogue (kr-KO.ts) arrives with the first other screen,
 * so the first screen stays within its size budget (2× a bare React app).
 */
const krKOStart = {
  validation: contractValidation('kr-KO'),
  app: {
    name: '스마트 헬스케어',
    titleHospital: '스마트 병원',
    titleHomecare: '스마트 재택케어',
    copyright: '© 2026 스마트케어 주식회사',
    businessNumber: '사업자등록번호 {{number}}',
  },
  common: {
    back: '뒤로 가기',
    loading: '불러오는 중입니다',
    retry: '다시 시도',
    errorTitle: '정보를 불러오지 못했습니다',
    cancel: '취소',
    save: '저장',
  },
  error: {
    network: '인터넷 연결을 확인한 뒤 다시 시도해 주세요.',
    unknown: '일시적인 문제가 발생했습니다. 잠시 후 다시 시도해 주세요.',
  },
  session: {
    pleaseLogin: '로그인 후 이용 부탁드립니다',
  },
  device: {
    useMobile: '모바일로 접속해 주세요',
    dismissNotice: '안내 닫기',
  },
  routeError: {
    title: '화면을 표시하지 못했습니다',
    body: '잠시 후 다시 시도해 주세요. 문제가 계속되면 병원에 문의해 주세요.',
    updateTitle: '새 버전이 준비되었습니다',
    updateBody: '앱이 업데이트되어 화면을 다시 불러와야 합니다.',
  },
  login: {
    title: '{{area}} 로그인',
    signInTitle: '로그인',
    loginId: '아이디',
    loginIdPlaceholder: '아이디를 입력해 주세요',
    password: '비밀번호',
    passwordPlaceholder: '비밀번호를 입력해 주세요',
    remember: '아이디 기억하기',
    submit: '로그인',
    moreActions: '계정 도움말',
    signUp: '회원가입',
    forgotPassword: '비밀번호 찾기',
    toHomecare: '재택케어 환자이신가요? 재택케어 로그인',
    toHospital: '입원 환자이신가요? 병원 로그인',
  },
  home: {
    greeting: '{{name}}님, 안녕하세요',
    subtitle: '오늘도 건강한 하루 보내세요.',
    myHospital: '나의 병원',
    noHospital: '선택한 병원이 없습니다',
    chooseHospital: '병원 선택하기',
    changeHospital: '병원 변경',
    services: '서비스',
    openSettings: '설정',
    deletionPending: '{{date}}에 회원 탈퇴가 진행될 예정입니다.',
    deletionManage: '탈퇴 요청 관리',
    // issue 12
    unreadCount: '읽지 않음 {{count}}',
    entry: {
      consulting: '상담 채팅',
      nurseCall: '간호사 호출',
      schedule: '일정 관리',
      guideSearch: '병원 안내',
      documentRequest: '서류 발급',
      newsNotice: '공지사항',
      newsFaq: '자주 묻는 질문',
      serviceHome: '병원 서비스',
      rating: '만족도 평가',
      pushList: '알림함',
      myStatus: '나의 건강 상태',
      medication: '복약 관리',
      telemedicine: '비대면 진료',
      diet: '식단 기록',
      qna: '묻고 답하기',
      bodyInfo: '신체 정보',
    },
  },
  realtime: {
    connectError: '웹 소켓 연결시 문제가 발생했습니다.',
    subscribeError: '채팅방 구독 중 문제가 발생했습니다.',
    connecting: '연결하는 중입니다…',
    reconnecting: '연결이 끊겼습니다. 다시 연결하는 중입니다…',
    offline: '연결되어 있지 않습니다.',
    offlineAction: '연결되어 있지 않아 지금은 할 수 없습니다. 잠시 후 다시 시도해 주세요.',
  },
  // issue 12 — Kakao login button (first screen)
  kakaoButton: {
    or: '또는',
    label: '카카오 로그인',
  },
  // issue 12, installable and usable offline (the banner shows on the first screen)
  pwa: {
    offlineTitle: '오프라인',
    offlineBody: '마지막으로 받은 내용입니다.',
    offlineAction: '인터넷에 연결되어 있지 않아 지금은 할 수 없습니다. 연결된 뒤 다시 시도해 주세요.',
    screenOfflineTitle: '인터넷에 연결되면 볼 수 있습니다',
    screenOfflineBody:
      '이 화면은 아직 휴대전화에 저장되지 않았습니다. 인터넷에 연결된 뒤 다시 시도해 주세요.',
  },
};

export default krKOStart;
