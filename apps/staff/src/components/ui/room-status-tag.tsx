import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChatRoomStatus } from '@smartcare/contract/chat';

/** Solid colours with white text keep 4.5:1 contrast; antd's light presets do not. */
const colours: Record<ChatRoomStatus, string | undefined> = {
  WAIT: '#c2410c',
  STANDBY: '#1762c8',
  NONE: undefined,
  COMPLETE: undefined,
};

/** The room's status in words (colour only repeats what the words say). */
export function RoomStatusTag({ status }: { status: ChatRoomStatus }) {
  const { t } = useTranslation();
  const colour = colours[status];
  return colour ? (
    <Tag color={colour} variant="solid">
      {t(`roomStatus.${status}`)}
    </Tag>
  ) : (
    <Tag>{t(`roomStatus.${status}`)}</Tag>
  );
}
