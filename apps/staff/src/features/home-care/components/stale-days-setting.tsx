import { useId, useState } from 'react';
import { App, Button, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { STALE_DAYS_MAX, STALE_DAYS_MIN } from '@smartcare/contract/home-care-watch';
import { errorMessage } from '../../../lib/error-message';
import { useHomeCareSettings, useSetStaleDays } from '../api/home-care-settings';

/** The hospital's N of "N일째 기록 없음", changed by any nurse of the hospital. */
export function StaleDaysSetting() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const settings = useHomeCareSettings();
  const save = useSetStaleDays();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const value = draft ?? (settings.data ? String(settings.data.staleDays) : '');

  const submit = () => {
    const days = Number(value.trim());
    if (!/^\d+$/.test(value.trim()) || days < STALE_DAYS_MIN || days > STALE_DAYS_MAX) {
      setError(t('homeCare.staleSetting.invalid'));
      return;
    }
    setError(null);
    save.mutate(days, {
      onSuccess: (saved) => {
        setDraft(null);
        void message.success(t('homeCare.staleSetting.saved', { days: saved.staleDays }));
      },
      onError: (e) => void message.error(`${t('homeCare.staleSetting.failed')} ${errorMessage(e, t)}`),
    });
  };

  return (
    <form
      className="stale-setting"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={inputId}>{t('homeCare.staleSetting.label')}</label>
      <Input
        id={inputId}
        className="stale-setting-input"
        inputMode="numeric"
        value={value}
        disabled={!settings.isSuccess}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => setDraft(event.target.value)}
      />
      <Button htmlType="submit" loading={save.isPending} disabled={!settings.isSuccess}>
        {t('homeCare.staleSetting.save')}
      </Button>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
