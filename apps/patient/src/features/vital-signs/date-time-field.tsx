import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A moment typed as a date and a time of day, each in its own native picker: one
 * `datetime-local` box hides the time at 200 % text on a 360 px phone. `value` is
 * `YYYY-MM-DDTHH:mm` in the phone's time zone.
 */
export function DateTimeField({
  label,
  value,
  max,
  onChange,
  error,
}: {
  label: string;
  value: string;
  max?: string;
  onChange: (value: string) => void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const date = value.slice(0, 10);
  const time = value.slice(11, 16);
  const invalid = error ? true : undefined;
  const describedBy = error ? errorId : undefined;
  return (
    <fieldset className="vital-fieldset text-field">
      <legend>{label}</legend>
      <div className="vital-date-time">
        <label className="vital-date-time-part">
          <span>{t('vitalSigns.field.date')}</span>
          <input
            type="date"
            value={date}
            max={max?.slice(0, 10)}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => onChange(`${e.target.value}T${time || '00:00'}`)}
          />
        </label>
        <label className="vital-date-time-part">
          <span>{t('vitalSigns.field.time')}</span>
          <input
            type="time"
            value={time}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            onChange={(e) => onChange(`${date}T${e.target.value}`)}
          />
        </label>
      </div>
      {error && (
        <p id={errorId} className="text-field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
