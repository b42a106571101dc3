import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useSendTestNotification } from '../api/send-test-notification';

/**
 * "테스트 알림" on a patient's row: checks that notifications reach the patient's phone
 * (history, in-app notice and push), e.g. when they say they never get any.
 */
export function TestNotificationButton({ patientIdx, name }: { patientIdx: number; name: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const send = useSendTestNotification();
  return (
    <Button
      aria-label={t('notifications.sendTestLabel', { name })}
      loading={send.isPending}
      onClick={() =>
        send.mutate(patientIdx, {
          onSuccess: () => void message.success(t('notifications.sent', { name })),
          onError: (error) => void message.error(`${t('notifications.failed')} ${errorMessage(error, t)}`),
        })
      }
    >
      {t('notifications.sendTest')}
    </Button>
  );
}
