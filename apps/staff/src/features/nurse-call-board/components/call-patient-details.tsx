import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NurseCall } from '@smartcare/contract/nurse-call';

/** Whole years from a YYYY-MM-DD birth date to `now`. */
export function ageOn(birthDate: string, now: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const beforeBirthday = now.getMonth() + 1 < m || (now.getMonth() + 1 === m && now.getDate() < d);
  return now.getFullYear() - y - (beforeBirthday ? 1 : 0);
}

/**
 * Who the caller is (issue 10 point 5): patient number, age and sex — which tell two patients
 * of the same name apart — allergies and the note the patient wrote for staff.
 */
export function CallPatientDetails({
  call,
}: {
  call: Pick<NurseCall, 'patientIdx' | 'birthDate' | 'sex' | 'allergies' | 'staffNote'>;
}) {
  const { t } = useTranslation();
  const person = [
    call.birthDate
      ? t('callDetails.ageSex', {
          age: ageOn(call.birthDate, new Date()),
          sex: call.sex ? t(`callDetails.sex.${call.sex}`) : '',
        }).trim()
      : null,
  ].filter(Boolean);
  return (
    <div className="call-details">
      <div>
        {t('callDetails.patientNumber', { number: call.patientIdx })}
        {person.length > 0 && ` · ${person.join('')}`}
      </div>
      {call.allergies && (
        <Typography.Text type="danger" strong className="call-allergies">
          {t('callDetails.allergies', { allergies: call.allergies })}
        </Typography.Text>
      )}
      {call.staffNote && (
        <div className="call-note">{t('callDetails.staffNote', { note: call.staffNote })}</div>
      )}
    </div>
  );
}
