import type { AlarmSettings, AlarmUpdateBody } from '@smartcare/contract/patient';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from '../../components/ui/menu-list';
import { Page } from '../../components/ui/page';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { Toggle } from '../../components/ui/toggle';
import { areaConfig, type Area } from '../../config/area';
import { errorMessage } from '../../lib/api-error';
import { toast } from '../../lib/toast';
import { useAlarmUpdate } from './api/alarm-update';
import { useMyData } from './api/get-my-data';

const CARE_ALARMS = ['chat', 'nurseCall', 'medication', 'qna', 'document', 'schedule', 'notice'] as const;

/**
 * Alarm settings (`/patient/alarmUpdate`). Advertising needs its own opt-in and another
 * one for 21:00–08:00 (domain.md, PIPA): the night switch works only with marketing on.
 */
export function AlarmSettingsScreen({
  area,
  devicePush,
}: {
  area: Area;
  /** Issue 12: this device's push switch (the notifications feature's, composed by the route). */
  devicePush?: ReactNode;
}) {
  const { t } = useTranslation();
  const myData = useMyData();
  const update = useAlarmUpdate();
  const settings = myData.data?.alarmSettings;

  const save = (body: AlarmUpdateBody) =>
    update.mutate(body, {
      onSuccess: () => toast.success(t('alarm.saved')),
      onError: (error) => toast.error(errorMessage(error)),
    });

  return (
    <Page title={t('alarm.title')} back={areaConfig[area].settingHome}>
      {myData.isPending && <LoadingView />}
      {myData.isError && (
        <ErrorView message={errorMessage(myData.error)} onRetry={() => void myData.refetch()} />
      )}
      {settings && devicePush && (
        <Section title={t('alarm.device')}>
          <div className="menu-list">{devicePush}</div>
        </Section>
      )}
      {settings && <AlarmForm settings={settings} onSave={save} />}
    </Page>
  );
}

function AlarmForm({
  settings,
  onSave,
}: {
  settings: AlarmSettings;
  onSave: (body: AlarmUpdateBody) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Section title={t('alarm.care')}>
        <div className="menu-list">
          {CARE_ALARMS.map((key) => (
            <Toggle
              key={key}
              label={t(`alarm.${key}`)}
              checked={settings[key]}
              onChange={(on) => onSave({ [key]: on })}
            />
          ))}
        </div>
      </Section>
      <Section title={t('alarm.quietHours')}>
        <div className="menu-list">
          <Toggle
            label={t('alarm.quietHoursEnabled')}
            description={t('alarm.quietHoursHelp')}
            checked={settings.quietHoursEnabled}
            onChange={(on) => onSave({ quietHoursEnabled: on })}
          />
          {settings.quietHoursEnabled && (
            <div className="time-range">
              <label>
                <span>{t('alarm.from')}</span>
                <input
                  type="time"
                  value={settings.quietHoursStart}
                  onChange={(e) => e.target.value && onSave({ quietHoursStart: e.target.value })}
                />
              </label>
              <label>
                <span>{t('alarm.to')}</span>
                <input
                  type="time"
                  value={settings.quietHoursEnd}
                  onChange={(e) => e.target.value && onSave({ quietHoursEnd: e.target.value })}
                />
              </label>
            </div>
          )}
          {settings.quietHoursEnabled && <p className="time-range-note">{t('alarm.quietHoursMedication')}</p>}
        </div>
      </Section>
      <Section title={t('alarm.advertising')}>
        <div className="menu-list">
          <Toggle
            label={t('alarm.marketing')}
            description={t('alarm.marketingHelp')}
            checked={settings.marketing}
            // Turning advertising off takes the night opt-in with it.
            onChange={(on) => onSave(on ? { marketing: true } : { marketing: false, marketingNight: false })}
          />
          <Toggle
            label={t('alarm.marketingNight')}
            description={
              settings.marketing ? t('alarm.marketingNightHelp') : t('alarm.marketingNightNeedsMarketing')
            }
            checked={settings.marketing && settings.marketingNight}
            disabled={!settings.marketing}
            onChange={(on) => onSave({ marketingNight: on })}
          />
        </div>
      </Section>
    </>
  );
}
