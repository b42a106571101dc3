/** Every route of the console (hash routing under /staff/), with a builder for its address. */
export const paths = {
  login: { path: '/login', href: () => '/login' },
  chat: { path: '/chat', href: () => '/chat' },
  chatRoom: { path: '/chat/:roomIdx', href: (roomIdx: number) => `/chat/${roomIdx}` },
  nurseCalls: { path: '/nurse-calls', href: () => '/nurse-calls' },
  // issue 10: admissions
  patients: { path: '/patients', href: () => '/patients' },
  // issue 13: the home-care nurse's watch list and a patient's page
  homeCare: { path: '/home-care', href: () => '/home-care' },
  homeCarePatient: {
    path: '/home-care/:patientIdx',
    href: (patientIdx: number) => `/home-care/${patientIdx}`,
  },
} as const;
