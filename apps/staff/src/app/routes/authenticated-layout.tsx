import { useEffect, useRef, useState } from 'react';
import { App, Badge, Button, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { StaffProfile } from '@smartcare/contract/staff';
import { CONTENT_EDITOR_ROLES } from '@smartcare/contract/hospital-content';
import { paths } from '../../config/paths';
import {
  RealtimeContext,
  useRealtimeStatus,
  type Realtime,
  type RealtimeErrorKind,
} from '../../lib/realtime';
import { useSession, useSessionStore } from '../../lib/session';
import { getChatRoomsQueryOptions } from '../../features/inbox/api/get-chat-rooms';
import { getOpenCallsQueryOptions } from '../../features/nurse-call-board/api/get-open-calls';
import { NurseCallLiveProvider } from '../../features/nurse-call-board/components/nurse-call-live';
// issue 13: urgent home readings live on every screen, and the home-care tab's count
import { getOpenAlertsQueryOptions } from '../../features/home-care/api/get-open-alerts';
import { HomeCareAlertsProvider } from '../../features/home-care/components/home-care-alerts';
import { LanguageSelect } from '../language-select';
import { UrgentChatAlert } from '../urgent-chat-alert';
import { useServices } from '../provider';
import { SESSION_END_KEY } from '../services';

/** Everything behind login: the header, the live connection, and the screens. */
export function AuthenticatedLayout() {
  const session = useSession();
  const location = useLocation();
  if (!session?.myData)
    return <Navigate to={paths.login.href()} replace state={{ from: location.pathname }} />;
  return <ConnectedConsole me={session.myData} />;
}

function ConnectedConsole({ me }: { me: StaffProfile }) {
  const { createRealtime } = useServices();
  const { message } = App.useApp();
  const { t } = useTranslation();
  const [realtime, setRealtime] = useState<Realtime | null>(null);
  // The latest toast, kept in a ref so a language change does not reopen the connection.
  const notify = useRef<(kind: RealtimeErrorKind) => void>(() => undefined);
  useEffect(() => {
    notify.current = (kind) =>
      void message.error(
        t(
          kind === 'connection'
            ? 'connection.connectionError'
            : kind === 'rateLimited'
              ? 'broker.rateLimited'
              : 'connection.subscriptionError',
        ),
      );
  });

  // One connection per logged-in staff member, closed on logout.
  useEffect(() => {
    const connection = createRealtime();
    const offError = connection.onError((kind) => notify.current(kind));
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the connection is an external resource made here
    setRealtime(connection);
    return () => {
      offError();
      connection.close();
    };
  }, [createRealtime, me.loginId]);

  if (!realtime) return null;
  return (
    <RealtimeContext.Provider value={realtime}>
      <NurseCallLiveProvider hospitalIdx={me.hospitalIdx}>
        <HomeCareAlertsProvider hospitalIdx={me.hospitalIdx}>
          <ConsoleShell me={me} />
        </HomeCareAlertsProvider>
      </NurseCallLiveProvider>
    </RealtimeContext.Provider>
  );
}

function ConsoleShell({ me }: { me: StaffProfile }) {
  const { t } = useTranslation();
  const { api, queryClient } = useServices();
  const sessionStore = useSessionStore();
  const navigate = useNavigate();
  const status = useRealtimeStatus();
  const rooms = useQuery(getChatRoomsQueryOptions(api, 'open'));
  const calls = useQuery(getOpenCallsQueryOptions(api));
  const unread = (rooms.data ?? []).reduce((sum, room) => sum + room.unreadCount, 0);
  const openCalls = calls.data?.length ?? 0;
  const homeCareAlerts = useQuery(getOpenAlertsQueryOptions(api)).data?.length ?? 0;

  const logout = async () => {
    // The server ends this login first: its tokens stop working and its live connection
    // closes everywhere (decision 012). Unreachable or refused, the console logs out anyway.
    await api.request('POST', apiPaths.staff.logout).catch(() => undefined);
    sessionStorage.setItem(SESSION_END_KEY, 'loggedOut');
    sessionStore.clear();
    queryClient.clear();
    void navigate(paths.login.href(), { replace: true });
  };

  return (
    <Layout className="console">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Layout.Header className="console-header">
        <h1 className="console-brand">
          <span className="console-brand-name">{t('app.brand')}</span>
          <span className="console-brand-sub">{t('app.console')}</span>
        </h1>
        <nav aria-label={t('nav.label')} className="console-nav">
          <NavLink to={paths.chat.href()}>
            {t('nav.chat')}
            {unread > 0 && (
              <Badge count={unread} size="small" color="#c92a2a" className="nav-badge" aria-hidden />
            )}
          </NavLink>
          <NavLink to={paths.nurseCalls.href()}>
            {t('nav.nurseCalls')}
            {openCalls > 0 && (
              <Badge count={openCalls} size="small" color="#c92a2a" className="nav-badge" aria-hidden />
            )}
          </NavLink>
          <NavLink to={paths.patients.href()}>{t('admissions.nav')}</NavLink>
          {/* issue 14: the content editor, for editors only (decision 022) */}
          {CONTENT_EDITOR_ROLES.includes(me.role) && (
            <NavLink to={paths.content.href()}>{t('contentEditor.nav')}</NavLink>
          )}
          {/* issue 16: document requests */}
          <NavLink to={paths.documentRequests.href()}>{t('documentRequests.nav')}</NavLink>
          <NavLink to={paths.homeCare.href()}>
            {t('homeCare.nav')}
            {homeCareAlerts > 0 && (
              <Badge count={homeCareAlerts} size="small" color="#c92a2a" className="nav-badge" aria-hidden />
            )}
          </NavLink>
          {/* issue 17 — Q&A with the care team */}
          <NavLink to={paths.qna.href()}>{t('qna.nav')}</NavLink>
          {/* issue 16 — appointments (진료 예약) */}
          <NavLink to={paths.appointments.href()}>{t('appointments.nav')}</NavLink>
          {/* issue 16 — ratings */}
          <NavLink to={paths.ratings.href()}>{t('ratings.nav')}</NavLink>
          {/* issue 17 — telemedicine (비대면 진료) */}
          <NavLink to={paths.telemedicine.href()}>{t('telemedicine.nav')}</NavLink>
        </nav>
        <div className="console-user">
          <span className={`connection connection-${status}`} role="status">
            <span className="connection-dot" aria-hidden />
            {t(`connection.${status}`)}
          </span>
          <span className="console-staff" data-testid="staff-info">
            {t('header.staffInfo', { name: me.name, role: t(`roles.${me.role}`), hospital: me.hospitalName })}
          </span>
          <LanguageSelect />
          <Button onClick={() => void logout()}>{t('header.logout')}</Button>
        </div>
      </Layout.Header>
      <UrgentChatAlert hospitalIdx={me.hospitalIdx} staffIdx={me.idx} />
      <Layout.Content id="main" className="console-main" tabIndex={-1}>
        <Outlet context={me} />
      </Layout.Content>
    </Layout>
  );
}
