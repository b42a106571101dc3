import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Space } from 'antd';
import { paths } from '../../config/paths';
import { PatientList } from '../../features/admissions/components/patient-list';
import { TestNotificationButton } from '../../features/notifications/components/test-notification-button';

export function PatientsRoute() {
  const { t } = useTranslation();
  // issue 12: each patient's row can send a test notification
  // issue 15: a home-care patient's row leads to their diet
  return (
    <PatientList
      rowActions={(p) => (
        <Space wrap>
          <TestNotificationButton patientIdx={p.patientIdx} name={p.name} />
          {p.areas.includes('HOMECARE') && (
            <Link
              to={paths.homeCareDiet.href(p.patientIdx)}
              aria-label={t('diet.openLabel', { name: p.name })}
            >
              {t('diet.open')}
            </Link>
          )}
        </Space>
      )}
    />
  );
}
