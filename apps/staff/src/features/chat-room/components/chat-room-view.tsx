import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
} from 'react';
import { Alert, App, Button, Input, Popconfirm, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  chatEnterEventSchema,
  chatMessageSchema,
  chatUpdateEventSchema,
  type ChatMessage,
  type ChatRoomSummary,
} from '@smartcare/contract/chat';
import type { StaffProfile } from '@smartcare/contract/staff';
import { parseTopic, topics } from '@smartcare/contract/topics';
import { ErrorState, LoadingState } from '../../../components/ui/query-state';
import { RoomStatusTag } from '../../../components/ui/room-status-tag';
import { PatientInfo, UrgentTag } from '../../../components/ui/patient-info';
import { formatDate } from '../../../lib/format';
import { createOutbox } from '@smartcare/web-core/outbox';
import { useOnReconnect, useRealtime, useRealtimeStatus, useRealtimeTopic } from '../../../lib/realtime';
import { chatMessagesKey, useChatMessages } from '../api/get-chat-messages';
import { useMarkRead } from '../api/mark-read';
import { buildTimeline, mergeMessages, stillPending, type PendingMessage } from '../timeline';
import { MessageBubble, PendingBubble } from './message-bubble';

/** A sent message that has not come back stamped within this time is shown as failed. */
const CONFIRM_TIMEOUT_MS = 15_000;
/**
 * After this many publishes without the stamped copy the message waits for the staff
 * member's "resend" (as the patient app does): a message the server refuses makes the
 * broker drop the connection, and resending it on every reconnect would loop forever.
 */
export const MAX_SEND_ATTEMPTS = 3;

export interface ChatRoomViewProps {
  room: ChatRoomSummary;
  me: StaffProfile;
  /**
   * The room changed (someone entered, it completed, it was read): the app applies `change`
   * to its current copy, which may be newer than the one this view rendered with.
   */
  onRoomChanged: (roomIdx: number, change: (room: ChatRoomSummary) => ChatRoomSummary) => void;
  /** How long a sent message may wait for its stamped copy before it shows as failed. */
  confirmTimeoutMs?: number;
}

/** One consultation: history with older pages on scroll-up, live messages, sending, entering and completing. */
export function ChatRoomView({
  room,
  me,
  onRoomChanged,
  confirmTimeoutMs = CONFIRM_TIMEOUT_MS,
}: ChatRoomViewProps) {
  const { t, i18n } = useTranslation();
  const realtime = useRealtime();
  const { message: toast } = App.useApp();
  const connection = useRealtimeStatus();
  const queryClient = useQueryClient();
  const history = useChatMessages({ roomIdx: room.idx, hospitalIdx: room.hospitalIdx });
  const markRead = useMarkRead();
  const [live, setLive] = useState<ChatMessage[]>([]);
  // The console's pending messages: web-core's outbox (the patient app's is the same), for this room's view.
  const [outbox] = useState(() => createOutbox<PendingMessage>({ maxAttempts: MAX_SEND_ATTEMPTS }));
  const pending = useSyncExternalStore(outbox.subscribe, outbox.items);
  const [draft, setDraft] = useState('');
  const logRef = useRef<HTMLDivElement>(null);
  const lastReadRef = useRef(0);
  const scrollFromBottomRef = useRef<number | null>(null);

  const messages = useMemo(
    () =>
      mergeMessages(
        (history.data?.pages ?? []).map((page) => page.dataList),
        live,
      ),
    [history.data, live],
  );
  const completed = room.status === 'COMPLETE';
  const unconfirmed = useMemo(() => stillPending(pending, messages), [pending, messages]);
  // A finished consultation takes no more messages: what still waits shows as given up, with the reason.
  const shown = useMemo(
    () =>
      completed
        ? unconfirmed.map((p): PendingMessage =>
            p.state !== 'failed' ? { ...p, state: 'failed', failure: 'roomComplete' } : p,
          )
        : unconfirmed,
    [completed, unconfirmed],
  );
  const timeline = useMemo(() => buildTimeline(messages, shown), [messages, shown]);
  const joined = room.persons.some((p) => p.personType === 'USER' && p.idx === me.idx);
  // The last word is the patient's (notices aside): ending now leaves a question unanswered.
  const lastSpoken = [...messages].reverse().find((m) => !m.notice);
  const unanswered = lastSpoken?.personType === 'PATIENT';

  useRealtimeTopic(topics.chatRoomAll(room.idx), (payload, topic) => {
    const parsed = parseTopic(topic);
    if (parsed?.kind !== 'chat') return;
    if (parsed.event === 'message') {
      const result = chatMessageSchema.safeParse(payload);
      if (!result.success || result.data.roomIdx !== room.idx) return;
      const stamped = result.data;
      setLive((list) => [...list, stamped]);
      // The server's stamped copy replaces our pending one (its timer then finds nothing to fail).
      if (stamped.clientMsgId) outbox.confirm([stamped.clientMsgId]);
    } else if (parsed.event === 'enter') {
      const result = chatEnterEventSchema.safeParse(payload);
      if (!result.success) return;
      const { person } = result.data;
      onRoomChanged(room.idx, (current) =>
        current.persons.some((p) => p.personType === person.personType && p.idx === person.idx)
          ? current
          : { ...current, persons: [...current.persons, person] },
      );
    } else if (parsed.event === 'complete') {
      onRoomChanged(room.idx, (current) => ({ ...current, status: 'COMPLETE' }));
    } else {
      const result = chatUpdateEventSchema.safeParse(payload);
      if (result.success && result.data.room.idx === room.idx) {
        const updated = result.data.room;
        onRoomChanged(room.idx, (current) => ({ ...current, ...updated, unreadCount: current.unreadCount }));
      }
    }
  });

  const completedRef = useRef(completed);
  useEffect(() => {
    completedRef.current = completed;
  });

  /** Publishes what waits; a message with no stamped copy in time shows as failed. */
  const flush = useCallback(() => {
    // The server refuses messages to a finished consultation: never send into one.
    if (completedRef.current) {
      for (const p of outbox.items()) if (p.state !== 'failed') outbox.fail(p.clientMsgId, 'roomComplete');
      return;
    }
    outbox.flush(
      (item) =>
        realtime.publish(topics.chatRoomEvent(room.idx, 'message'), {
          clientMsgId: item.clientMsgId,
          content: item.content,
        }),
      (item) => setTimeout(() => outbox.fail(item.clientMsgId, 'noReply', item.attempts), confirmTimeoutMs),
    );
  }, [outbox, realtime, room.idx, confirmTimeoutMs]);

  // Back online: resend what is still waiting (clientMsgId makes it idempotent) and catch up.
  useOnReconnect(() => {
    outbox.requeueSending();
    flush();
    void queryClient.invalidateQueries({ queryKey: chatMessagesKey(room.idx) });
  });

  const send = () => {
    const content = draft.trim();
    if (!content || completed) return;
    outbox.add({
      clientMsgId: crypto.randomUUID(),
      content,
      createdAt: new Date().toISOString(),
      state: 'queued',
      attempts: 0,
    });
    setDraft('');
    flush();
  };

  /** The staff member's "resend": a fresh round of attempts. */
  const resend = (clientMsgId: string) => {
    outbox.retry(clientMsgId);
    flush();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Korean input composes syllables: Enter during composition only finishes the syllable.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  const publishAction = (event: 'enter' | 'complete') => {
    realtime.publish(topics.chatRoomEvent(room.idx, event), {}).catch(() => {
      void toast.error(t('chatRoom.actionFailed'));
    });
  };

  // Mark read up to the newest message the staff member can see.
  const newestIdx = messages.length > 0 ? messages[messages.length - 1]!.idx : 0;
  const { mutate: markReadMutate } = markRead;
  useEffect(() => {
    if (newestIdx <= lastReadRef.current || document.visibilityState === 'hidden') return;
    lastReadRef.current = newestIdx;
    markReadMutate(
      { roomIdx: room.idx, lastReadMsgIdx: newestIdx },
      { onSuccess: () => onRoomChanged(room.idx, (current) => ({ ...current, unreadCount: 0 })) },
    );
    // Only a newer message should trigger this; room changes alone should not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [newestIdx, markReadMutate]);

  // Keep the view where the reader was when older messages are added on top,
  // and follow the conversation at the bottom otherwise.
  const lastKey = timeline.length > 0 ? timeline[timeline.length - 1]!.key : '';
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    if (scrollFromBottomRef.current !== null) {
      log.scrollTop = log.scrollHeight - scrollFromBottomRef.current;
      scrollFromBottomRef.current = null;
    }
  }, [history.data?.pages.length]);
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [lastKey]);

  const loadOlder = () => {
    const log = logRef.current;
    if (!history.hasNextPage || history.isFetchingNextPage) return;
    if (log) scrollFromBottomRef.current = log.scrollHeight - log.scrollTop;
    void history.fetchNextPage();
  };

  return (
    <section className="room" aria-labelledby="room-title">
      <header className="room-head">
        <div className="room-head-title">
          <Typography.Title level={2} id="room-title" className="panel-title">
            {room.patientName}
          </Typography.Title>
          {room.urgentAt && !completed && <UrgentTag />}
          <RoomStatusTag status={room.status} />
          <PatientInfo room={room} detailed />
        </div>
        <div className="room-head-actions">
          {completed ? null : joined ? (
            <Tag color="#237032" variant="solid">
              {t('chatRoom.entered')}
            </Tag>
          ) : (
            <Button onClick={() => publishAction('enter')}>{t('chatRoom.enter')}</Button>
          )}
          <Popconfirm
            title={unanswered ? t('chatTriage.unansweredTitle') : t('chatRoom.completeConfirmTitle')}
            description={unanswered ? t('chatTriage.unansweredBody') : t('chatRoom.completeConfirmBody')}
            okText={t('chatRoom.complete')}
            cancelText={t('common.cancel')}
            onConfirm={() => publishAction('complete')}
            disabled={completed}
          >
            <Button danger disabled={completed}>
              {t('chatRoom.complete')}
            </Button>
          </Popconfirm>
        </div>
      </header>

      {connection !== 'connected' && connection !== 'connecting' && (
        <Alert type="warning" showIcon banner title={t('chatRoom.offlineNotice')} />
      )}

      <div
        ref={logRef}
        className="room-log"
        role="log"
        aria-label={t('chatRoom.messages')}
        tabIndex={0}
        onScroll={(event) => {
          if (event.currentTarget.scrollTop < 40) loadOlder();
        }}
      >
        {history.isPending ? (
          <LoadingState />
        ) : history.isError ? (
          <ErrorState error={history.error} onRetry={() => void history.refetch()} />
        ) : (
          <>
            <div className="room-log-top">
              {history.hasNextPage ? (
                <Button size="small" onClick={loadOlder} loading={history.isFetchingNextPage}>
                  {history.isFetchingNextPage ? t('chatRoom.loadingOlder') : t('chatRoom.loadOlder')}
                </Button>
              ) : (
                <span className="room-log-start">
                  {timeline.length > 0 ? t('chatRoom.historyStart') : t('chatRoom.empty')}
                </span>
              )}
            </div>
            {timeline.map((item) =>
              item.kind === 'date' ? (
                <div
                  key={item.key}
                  className="date-separator"
                  role="separator"
                  aria-label={formatDate(item.at, i18n.language)}
                >
                  <span>{formatDate(item.at, i18n.language)}</span>
                </div>
              ) : item.kind === 'message' ? (
                <MessageBubble key={item.key} message={item.message} myIdx={me.idx} />
              ) : (
                <PendingBubble key={item.key} pending={item.pending} myName={me.name} onResend={resend} />
              ),
            )}
          </>
        )}
      </div>

      {completed ? (
        <div className="room-completed" role="status">
          {t('chatRoom.completedNotice')}
        </div>
      ) : (
        <form
          className="composer"
          onSubmit={(event) => {
            event.preventDefault();
            send();
          }}
        >
          <Input.TextArea
            aria-label={t('chatRoom.composerLabel')}
            placeholder={t('chatRoom.composerPlaceholder')}
            value={draft}
            maxLength={2000}
            autoSize={{ minRows: 2, maxRows: 6 }}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <Button type="primary" htmlType="submit" disabled={draft.trim() === ''}>
            {t('chatRoom.send')}
          </Button>
        </form>
      )}
    </section>
  );
}
