import '../../lib/antd-mobile';
import { ResultCode } from '@smartcare/contract/result-codes';
import { HANDOFF_PHRASE_TEXT } from '@smartcare/contract/realtime-constants';
import Dialog from 'antd-mobile/es/components/dialog';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { Page } from '../../components/ui/page';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { areaConfig, type Area } from '../../config/area';
import { paths } from '../../config/paths';
import { ApiError, errorMessage } from '../../lib/api-error';
import { currentLocale } from '../../lib/i18n';
import { RealtimeOfflineError } from '@smartcare/web-core/realtime';
import { useChatSnapshot, useConsultingChat } from './consulting-realtime';
import { toast } from '../../lib/toast';
import { useSession } from '../../lib/use-session';
import { buildTimeline } from './chat-timeline';
import { ChatComposer } from './components/chat-composer';
import { ChatMessageList } from './components/chat-message-list';
import './consulting-chat.css';

function scrollRoot(): Element {
  return document.scrollingElement ?? document.documentElement;
}

function nearBottom(): boolean {
  const root = scrollRoot();
  return root.scrollHeight - root.scrollTop - window.innerHeight < 160;
}

function scrollToBottom(): void {
  const root = scrollRoot();
  root.scrollTop = root.scrollHeight;
}

/**
 * `/hospital/consulting/chat`: the live conversation with staff and the chatbot (spec §4,
 * §7). Needs a chosen hospital (spec §5); without one the patient is sent to choose it.
 */
export function ConsultingChatScreen({ area }: { area: Area }) {
  const { t, i18n } = useTranslation();
  const config = areaConfig[area];
  const { myData, accessToken } = useSession();
  const rt = useConsultingChat();
  const chat = useChatSnapshot();
  const locale = currentLocale();
  const hospitalIdx = myData?.choseHospitalIdx ?? null;
  const hospitalChosen = hospitalIdx !== null;

  // Again when the hospital changes: its room is another conversation.
  useEffect(() => {
    if (hospitalIdx !== null) void rt.chat.load();
  }, [rt, hospitalIdx]);

  useEffect(() => rt.chat.onComplete(() => toast.info(t('chat.ended'))), [rt, t]);

  const room = chat.room;
  const finished = room?.status === 'COMPLETE' && !chat.freshStart;
  const shownMessages = chat.freshStart ? [] : chat.messages;
  // i18n.language is a dependency so the dates follow a language change at once.
  const items = useMemo(
    () => buildTimeline(shownMessages, chat.pending, locale),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- locale follows i18n.language
    [shownMessages, chat.pending, locale, i18n.language],
  );

  /* Scrolling: follow new messages when the patient is at the bottom; keep the place when older ones come in above. */
  const lastKey = items.at(-1)?.key;
  const firstKey = items.find((item) => item.kind !== 'date')?.key;
  const prependFrom = useRef<number | null>(null);
  const followBottom = useRef(true);
  useEffect(() => {
    const onScroll = () => {
      followBottom.current = nearBottom();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useLayoutEffect(() => {
    if (prependFrom.current !== null) {
      const root = scrollRoot();
      root.scrollTop += root.scrollHeight - prependFrom.current;
      prependFrom.current = null;
    }
  }, [firstKey]);
  // Also when the end-of-chat panel replaces the composer: it is taller and would cover the last message.
  useLayoutEffect(() => {
    if (followBottom.current) scrollToBottom();
  }, [lastKey, chat.load, finished]);

  const loadOlder = () => {
    prependFrom.current = scrollRoot().scrollHeight;
    rt.chat.loadOlder().catch((error: unknown) => {
      prependFrom.current = null;
      toast.error(`${t('chat.olderError')} ${errorMessage(error)}`);
    });
  };

  // Older pages load on their own when the top of the conversation comes into view.
  const topSentinel = useRef<HTMLDivElement>(null);
  const canLoadOlder = chat.hasOlder && !chat.olderLoading && !chat.freshStart && chat.load === 'ready';
  const loadOlderRef = useRef(loadOlder);
  useEffect(() => {
    loadOlderRef.current = loadOlder;
  });
  useEffect(() => {
    const target = topSentinel.current;
    if (!canLoadOlder || !target || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) loadOlderRef.current();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [canLoadOlder]);

  if (!accessToken) return <Navigate to={config.login} replace />;
  if (
    !hospitalChosen ||
    (chat.loadError instanceof ApiError && chat.loadError.code === ResultCode.HOSPITAL_NOT_CHOSEN)
  ) {
    return (
      <Navigate
        to={`${config.common.hospitalSelect.href()}?next=${encodeURIComponent(paths.hospital.consultingChat.href())}`}
        replace
      />
    );
  }

  const send = (text: string) => {
    followBottom.current = true;
    rt.chat.send(text);
  };

  const endConsultation = async () => {
    const confirmed = await Dialog.confirm({
      content: t('chat.endConfirm'),
      confirmText: t('chat.endOk'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await rt.chat.complete();
    } catch (error) {
      toast.error(error instanceof RealtimeOfflineError ? t('realtime.offlineAction') : errorMessage(error));
    }
  };

  const canEnd = room?.idx !== undefined && !finished && !chat.freshStart;
  // Only while the bot has the room (decision 011): once handed over the button has done its work.
  const showHandoff = !finished && room?.botActive !== false && (chat.freshStart || room?.status !== 'WAIT');
  const status = chat.freshStart ? 'NONE' : room?.status;

  return (
    <Page
      title={t('chat.title')}
      back={config.home}
      right={
        canEnd ? (
          <button type="button" className="chat-header-button" onClick={() => void endConsultation()}>
            {t('chat.end')}
          </button>
        ) : undefined
      }
    >
      <div className="chat-screen">
        {status && (
          <section className={`chat-status chat-status-${status}`} aria-label={t('chat.statusLabel')}>
            <p className="chat-status-word">
              <span className="visually-hidden">{t('chat.statusLabel')}: </span>
              {t(`chat.status.${status}`)}
            </p>
            <p className="chat-status-help">{t(`chat.statusHelp.${status}`)}</p>
          </section>
        )}
        {(chat.connection === 'connecting' || chat.connection === 'reconnecting') && (
          <p className="chat-connection" role="status">
            {t(chat.connection === 'reconnecting' ? 'realtime.reconnecting' : 'realtime.connecting')}
          </p>
        )}

        {chat.load === 'error' && (
          <ErrorView message={errorMessage(chat.loadError)} onRetry={() => void rt.chat.load(true)} />
        )}
        {(chat.load === 'idle' || chat.load === 'loading') && items.length === 0 && <LoadingView />}

        {chat.load === 'ready' && (
          <>
            <div ref={topSentinel} className="chat-top">
              {chat.hasOlder && !chat.freshStart && (
                <button type="button" className="chat-older" onClick={loadOlder} disabled={chat.olderLoading}>
                  {chat.olderLoading ? t('chat.loadingOlder') : t('chat.loadOlder')}
                </button>
              )}
            </div>
            {items.length === 0 && (
              <p className="chat-empty">{chat.freshStart ? t('chat.freshStart') : t('chat.empty')}</p>
            )}
          </>
        )}
        {items.length > 0 && myData && (
          <ChatMessageList
            items={items}
            patientIdx={myData.idx}
            locale={locale}
            chat={rt.chat}
            inpatient={area === 'hospital'}
          />
        )}
      </div>

      {chat.load === 'ready' && (
        <div className="chat-footer">
          {finished ? (
            <div className="chat-ended">
              <p>{t('chat.endedPanel')}</p>
              {/* issue 16 — ratings: the finished room offers its rating (a link, no import) */}
              {room?.idx !== undefined && room.idx > 0 && (
                <Link
                  className="chat-primary-button"
                  to={`${paths.hospital.rate.href()}?kind=CHAT&idx=${room.idx}`}
                >
                  {t('ratingScreens.offer')}
                </Link>
              )}
              <button type="button" className="chat-primary-button" onClick={() => rt.chat.startNew()}>
                {t('chat.startNew')}
              </button>
            </div>
          ) : (
            <>
              {showHandoff && (
                <div className="chat-quick">
                  <button
                    type="button"
                    className="chat-quick-button"
                    onClick={() => send(HANDOFF_PHRASE_TEXT)}
                  >
                    {t('chat.handoff')}
                  </button>
                </div>
              )}
              <ChatComposer onSend={send} />
            </>
          )}
        </div>
      )}
    </Page>
  );
}
