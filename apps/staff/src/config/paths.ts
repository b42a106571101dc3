/** Every route of the console (hash routing under /staff/), with a builder for its address. */
export const paths = {
  login: { path: '/login', href: () => '/login' },
  chat: { path: '/chat', href: () => '/chat' },
  chatRoom: { path: '/chat/:roomIdx', href: (roomIdx: number) => `/chat/${roomIdx}` },
  nurseCalls: { path: '/nurse-calls', href: () => '/nurse-calls' },
  // issue 10: admissions
  patients: { path: '/patients', href: () => '/patients' },
  // issue 15: a home-care patient's medications
  homeCareMedication: {
    path: '/home-care/:patientIdx/medication',
    href: (patientIdx: number) => `/home-care/${patientIdx}/medication`,
  },
  // issue 14 — staff content editor (notices, FAQ, guides)
  content: { path: '/content', href: (kind?: string) => (kind ? `/content?kind=${kind}` : '/content') },
  contentNew: { path: '/content/new', href: (kind: string) => `/content/new?kind=${kind}` },
  contentEdit: { path: '/content/:idx', href: (idx: number) => `/content/${idx}` },
  // issue 16: document requests
  documentRequests: { path: '/document-requests', href: () => '/document-requests' },
  // issue 15 — a home-care patient's diet log, week summary and targets
  homeCareDiet: {
    path: '/home-care/:patientIdx/diet',
    href: (patientIdx: number) => `/home-care/${patientIdx}/diet`,
  },
  // issue 13: the home-care nurse's watch list and a patient's page
  homeCare: { path: '/home-care', href: () => '/home-care' },
  homeCarePatient: {
    path: '/home-care/:patientIdx',
    href: (patientIdx: number) => `/home-care/${patientIdx}`,
  },
  // issue 17 — Q&A with the care team
  qna: { path: '/qna', href: () => '/qna' },
  // issue 16 — appointments (진료 예약)
  appointments: { path: '/appointments', href: () => '/appointments' },
  // issue 16 — ratings
  ratings: { path: '/ratings', href: () => '/ratings' },
  // issue 17 — telemedicine (비대면 진료)
  telemedicine: { path: '/telemedicine', href: () => '/telemedicine' },
  telemedicineVisit: {
    path: '/telemedicine/:visitIdx',
    href: (visitIdx: number) => `/telemedicine/${visitIdx}`,
  },
} as const;
