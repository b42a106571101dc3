import { mgdlToMmol, type VitalSign } from '@smartcare/contract/vital-signs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** A reading's numbers with their units, e.g. "135/85 mmHg", "7시간 30분". */
export function readingValueText(reading: VitalSign, t: TFunction): string {
  switch (reading.kind) {
    case 'TEMPERATURE':
      return t('vitalSigns.value.TEMPERATURE', { value: reading.value.toFixed(1) });
    case 'BLOOD_PRESSURE':
      return t('vitalSigns.value.BLOOD_PRESSURE', { value: reading.value, value2: reading.value2 ?? '' });
    case 'BLOOD_GLUCOSE':
      return t('vitalSigns.value.BLOOD_GLUCOSE', { value: reading.value, mmol: mgdlToMmol(reading.value) });
    case 'SLEEP':
    case 'EXERCISE':
      return t('vitalSigns.value.minutes', {
        hours: Math.floor(reading.value / 60),
        minutes: Math.round(reading.value % 60),
      });
    default:
      return t(`vitalSigns.value.${reading.kind}`, { value: reading.value });
  }
}

/**
 * The class of a reading in words (colour only repeats it), the guideline it comes from, the
 * patient's own target where a nurse set one, and for an urgent value what to do now.
 */
export function ReadingJudgement({ reading }: { reading: VitalSign }) {
  const { t } = useTranslation();
  const judgement = reading.judgement;
  // An urgent value's advice comes first and stands on its own, so it is read before the numbers.
  return (
    <>
      {judgement?.urgent && (
        <div className="vital-urgent" role="alert">
          <p className="vital-urgent-title">{t('vitalSigns.urgent.title')}</p>
          <p>{t('vitalSigns.urgent.body')}</p>
          <a className="btn btn-block vital-119" href="tel:119">
            {t('vitalSigns.urgent.call119')}
          </a>
        </div>
      )}
      <section className="vital-judgement" aria-label={t('vitalSigns.resultTitle')}>
        <p className="vital-judgement-value">{readingValueText(reading, t)}</p>
        {judgement && (
          <>
            <p className={`vital-class vital-level-${judgement.level}`}>
              {t(`vitalSigns.class.${reading.kind}.${judgement.class}`, { defaultValue: judgement.class })}
            </p>
            <p className="vital-note">
              {t('vitalSigns.guideline', { source: t(`vitalSigns.guidelines.${judgement.guideline}`) })}
            </p>
          </>
        )}
        {reading.target && <p className="vital-note">{t(`vitalSigns.target.${reading.target}`)}</p>}
      </section>
    </>
  );
}
