import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Visit } from '../api/types';

const COLOUR: Record<Visit['status'], string> = {
  BOOKED: '#1d4ed8',
  WAITING: '#8a4b00',
  IN_CALL: '#0f766e',
  COMPLETE: '#237804',
  CANCELLED: '#4b5563',
  NO_SHOW: '#9f1239',
};

/** A visit's status in words on a solid colour (the word carries it, not the colour). */
export function StatusTag({ status }: { status: Visit['status'] }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOUR[status]} variant="solid">
      {t(`telemedicine.status.${status}`)}
    </Tag>
  );
}
