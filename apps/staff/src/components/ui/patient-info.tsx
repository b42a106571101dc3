import { useTranslation } from 'react-i18next';
import type { ChatRoomSummary } from '@smartcare/contract/chat';

/**
 * Who the patient is, so staff tell two patients with the same name apart (issue 10 point 5):
 * ward and bed, patient number, age and sex, allergies, and the note the patient wrote for staff.
 * `detailed` adds the note and says "no allergy information" instead of leaving it out.
 */
export function PatientInfo({ room, detailed = false }: { room: ChatRoomSummary; detailed?: boolean }) {
  const { t } = useTranslation();
  const info = room.patientInfo;
  if (!info) return null;
  const ageSex = [
    info.age === null ? null : t('chatTriage.age', { age: info.age }),
    info.sex === null ? null : t(info.sex === 'M' ? 'chatTriage.sexM' : 'chatTriage.sexF'),
  ]
    .filter(Boolean)
    .join(' ');
  const allergies = info.allergies.trim();
  const note = info.note.trim();
  return (
    <span className={`patient-info${detailed ? ' patient-info-detailed' : ''}`} data-testid="patient-info">
      <span className="sr-only">{t('chatTriage.patientInfoLabel')}: </span>
      {info.ward && info.bed && (
        <span className="patient-info-place">
          {t('chatTriage.place', { ward: info.ward, bed: info.bed })}
        </span>
      )}
      <span>{t('chatTriage.patientNo', { no: info.patientNo })}</span>
      {ageSex && <span>{ageSex}</span>}
      {allergies ? (
        <span className="patient-info-allergy">{t('chatTriage.allergies', { allergies })}</span>
      ) : (
        detailed && <span>{t('chatTriage.noAllergies')}</span>
      )}
      {detailed && note && <span className="patient-info-note">{t('chatTriage.note', { note })}</span>}
    </span>
  );
}

/** The urgent flag in words, in red (colour only repeats what the word says). */
export function UrgentTag() {
  const { t } = useTranslation();
  return <span className="urgent-tag">{t('chatTriage.urgent')}</span>;
}
