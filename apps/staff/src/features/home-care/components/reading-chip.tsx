import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WatchReading } from '@smartcare/contract/home-care-watch';
import { className, LEVEL_COLOUR, readingValue } from '../reading-words';

/** One latest reading: kind, value, its class in words (coloured too) and the target verdict. */
export function ReadingChip({ reading }: { reading: WatchReading }) {
  const { t } = useTranslation();
  const level = reading.judgement?.level;
  return (
    <span className={`reading-chip reading-chip-${level ?? 'none'}`} data-kind={reading.kind}>
      <span className="reading-chip-kind">{t(`homeCare.kind.${reading.kind}`)}</span>{' '}
      <strong className="reading-chip-value">{readingValue(t, reading)}</strong>
      {reading.judgement && level && (
        <Tag color={LEVEL_COLOUR[level]} variant="solid" className="reading-chip-class">
          {className(t, reading.kind, reading.judgement.class)}
        </Tag>
      )}
      {reading.target && reading.target !== 'IN_TARGET' && (
        <Tag color="#5c2d91" variant="solid" className="reading-chip-target">
          {t(`homeCare.target.${reading.target}`)}
        </Tag>
      )}
    </span>
  );
}
