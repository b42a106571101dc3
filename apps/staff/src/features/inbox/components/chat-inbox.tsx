import { useMemo } from 'react';
import { Badge, Segmented, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChatRoomSummary } from '@smartcare/contract/chat';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { formatDuration, formatTime } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import { useChatRooms, type InboxFilter } from '../api/get-chat-rooms';
import { sortRooms } from '../sort-rooms';
import { RoomStatusTag } from '../../../components/ui/room-status-tag';
import { PatientInfo, UrgentTag } from '../../../components/ui/patient-info';
import { isUrgent } from '../sort-rooms';

/** The hospital's consultations, WAIT first with a live waiting time, unread counts and the last message. */
export function ChatInbox({
  selectedRoomIdx,
  filter,
  onFilterChange,
}: {
  selectedRoomIdx?: number;
  filter: InboxFilter;
  onFilterChange: (filter: InboxFilter) => void;
}) {
  const { t } = useTranslation();
  const now = useNow(1000);
  const rooms = useChatRooms(filter);
  const sorted = useMemo(() => sortRooms(rooms.data ?? []), [rooms.data]);

  return (
    <section className="inbox" aria-labelledby="inbox-title">
      <div className="inbox-head">
        <Typography.Title level={2} id="inbox-title" className="panel-title">
          {t('inbox.title')}
        </Typography.Title>
        <Segmented<InboxFilter>
          aria-label={t('inbox.filterLabel')}
          size="small"
          value={filter}
          onChange={onFilterChange}
          options={[
            { value: 'open', label: t('inbox.filterOpen') },
            { value: 'bot', label: t('chatTriage.filterBot') },
            { value: 'all', label: t('inbox.filterAll') },
          ]}
        />
      </div>
      {rooms.isPending ? (
        <LoadingState />
      ) : rooms.isError ? (
        <ErrorState error={rooms.error} onRetry={() => void rooms.refetch()} />
      ) : sorted.length === 0 ? (
        <EmptyState
          text={
            filter === 'open'
              ? t('inbox.empty')
              : filter === 'bot'
                ? t('chatTriage.emptyBot')
                : t('inbox.emptyAll')
          }
        />
      ) : (
        <nav aria-label={t('inbox.listLabel')} className="inbox-list">
          <ul>
            {sorted.map((room) => (
              <li key={room.idx}>
                <RoomItem room={room} selected={room.idx === selectedRoomIdx} now={now} />
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}

function RoomItem({ room, selected, now }: { room: ChatRoomSummary; selected: boolean; now: number }) {
  const { t, i18n } = useTranslation();
  const last = room.lastMsg;
  const waitingSince = room.waitingSince ?? room.lastActivityAt;
  const prefix = last ? t(`inbox.lastMessageBy.${last.personType}`, { name: last.senderName }) : '';
  const urgent = isUrgent(room);

  return (
    <Link
      to={paths.chatRoom.href(room.idx)}
      className={`room-item${selected ? ' room-item-selected' : ''}${room.status === 'WAIT' ? ' room-item-wait' : ''}${urgent ? ' room-item-urgent' : ''}`}
      aria-current={selected ? 'page' : undefined}
      data-room-idx={room.idx}
    >
      <span className="room-item-top">
        <span className="room-item-name">{room.patientName}</span>
        {urgent && <UrgentTag />}
        <RoomStatusTag status={room.status} />
        {/* The open room is being read right now: its count is about to be cleared. A finished
            room asks nothing of anyone: no count. */}
        {room.unreadCount > 0 && !selected && room.status !== 'COMPLETE' && (
          <span className="room-item-unread">
            <Badge count={room.unreadCount} color="#c92a2a" aria-hidden />
            <span className="sr-only">{t('inbox.unread', { count: room.unreadCount })}</span>
          </span>
        )}
      </span>
      <PatientInfo room={room} />
      {/* Why it is urgent, whatever came after (decision 011): the nurse triages from the list. */}
      {urgent && room.urgentMessage && (
        <span className="room-item-urgent-message">
          {t('chatTriage.urgentMessage', { content: room.urgentMessage.content })}
        </span>
      )}
      <span className="room-item-preview">{last ? `${prefix}${last.content}` : t('inbox.noMessages')}</span>
      <span className="room-item-meta">
        {room.status === 'WAIT' && waitingSince ? (
          <span className="room-item-waiting">
            {t('inbox.waiting', { duration: formatDuration(now - Date.parse(waitingSince), t) })}
          </span>
        ) : room.lastActivityAt ? (
          <time dateTime={room.lastActivityAt}>{formatTime(room.lastActivityAt, i18n.language)}</time>
        ) : null}
      </span>
    </Link>
  );
}
