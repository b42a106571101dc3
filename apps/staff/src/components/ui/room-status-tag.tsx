import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChatRoomStatus } from '@smartcare/contract/chat';

const colours: Record<ChatRoomStatus, string> = {
  WAIT: 'volcano',
  STANDBY: 'blue',
  NONE: 'default',
  COMPLETE: 'default',
};

/** The room's status in words (colour only repeats what the words say). */
export function RoomStatusTag({ status }: { status: ChatRoomStatus }) {
  const { t } = useTranslation();
  return <Tag color={colours[status]}>{t(`roomStatus.${status}`)}</Tag>;
}
