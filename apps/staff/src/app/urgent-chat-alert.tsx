import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChatRoomSummary } from '@smartcare/contract/chat';
import { paths } from '../config/paths';
import { useInboxLive } from '../features/inbox/use-inbox-live';
import { playAlertBeep } from '../lib/alert-sound';
import { useNurseCallAlerts } from '../features/nurse-call-board/components/nurse-call-live';

/** The banner quotes the patient's words, at most a line's worth (the rest is in the room). */
const QUOTE_CHARS = 80;
const shortened = (text: string) => {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length > QUOTE_CHARS ? `${chars.slice(0, QUOTE_CHARS).join('')}…` : chars.join('');
};

/**
 * Keeps the inbox live and alerts on a newly urgent consultation like a new nurse call
 * (decision 011): the same beep (and the same sound switch) and a banner wherever the nurse
 * is, which stays until it is opened or closed.
 */
export function UrgentChatAlert({
  hospitalIdx,
  staffIdx,
  beep = playAlertBeep,
}: {
  hospitalIdx: number;
  staffIdx: number;
  beep?: () => void;
}) {
  const { t } = useTranslation();
  const { soundOn } = useNurseCallAlerts();
  const [urgent, setUrgent] = useState<ChatRoomSummary | null>(null);
  useInboxLive(hospitalIdx, staffIdx, (room) => {
    setUrgent(room);
    if (soundOn) beep();
  });
  return (
    <div className="call-banner-region urgent-banner-region" role="alert" aria-live="assertive">
      {urgent && (
        <div className="call-banner urgent-banner" data-testid="urgent-chat-banner">
          <span>
            {urgent.urgentMessage
              ? t('chatTriage.urgentAlertMessage', {
                  patient: urgent.patientName,
                  content: shortened(urgent.urgentMessage.content),
                })
              : t('chatTriage.urgentAlert', { patient: urgent.patientName })}
          </span>
          <Link to={paths.chatRoom.href(urgent.idx)} onClick={() => setUrgent(null)}>
            {t('chatTriage.openRoom')}
          </Link>
          <Button size="small" onClick={() => setUrgent(null)}>
            {t('common.close')}
          </Button>
        </div>
      )}
    </div>
  );
}
