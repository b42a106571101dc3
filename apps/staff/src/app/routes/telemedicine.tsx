import { useTranslation } from 'react-i18next';
import { Link, Navigate, useOutletContext, useParams } from 'react-router';
import { ResultCode } from '@smartcare/contract/result-codes';
import type { StaffProfile } from '@smartcare/contract/staff';
import { ErrorState, LoadingState } from '../../components/ui/query-state';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { useHomeCarePatient } from '../../features/home-care/api/get-home-care-patient';
import { ReadingChip } from '../../features/home-care/components/reading-chip';
import { formatDateTime } from '../../features/home-care/reading-words';
import '../../features/home-care/home-care.css';
import { TelemedicineDay } from '../../features/telemedicine/components/telemedicine-day';
import { TelemedicineVisitPage } from '../../features/telemedicine/components/telemedicine-visit';

/**
 * issue 17: a patient's latest home readings beside a video visit — the home-care feature's
 * call and chips (the same query as its patient page, so the cache is shared), joined here
 * because features never import each other.
 */
function RecentReadings({ patientIdx }: { patientIdx: number }) {
  const { t, i18n } = useTranslation();
  const page = useHomeCarePatient(patientIdx);
  if (page.isPending) return <LoadingState />;
  // A patient outside home care has no such record: said plainly, not as a failure.
  if (page.isError && page.error instanceof ApiError && page.error.code === ResultCode.NOT_FOUND)
    return <p className="tm-note">{t('telemedicine.noHomeCareRecord')}</p>;
  if (page.isError) return <ErrorState error={page.error} onRetry={() => void page.refetch()} />;
  return (
    <div className="tm-recent-readings">
      {page.data.latest.length === 0 ? (
        <p>{t('homeCare.noReadings')}</p>
      ) : (
        <ul className="latest-list">
          {page.data.latest.map((reading) => (
            <li key={reading.kind}>
              <ReadingChip reading={reading} />{' '}
              <span className="latest-time">{formatDateTime(reading.effectiveAt, i18n.language)}</span>
            </li>
          ))}
        </ul>
      )}
      <Link to={paths.homeCarePatient.href(patientIdx)}>{t('telemedicine.fullRecord')}</Link>
    </div>
  );
}

const readings = (patientIdx: number) => <RecentReadings patientIdx={patientIdx} />;

/** issue 17: the day of video visits (비대면 진료). */
export function TelemedicineRoute() {
  const me = useOutletContext<StaffProfile>();
  return <TelemedicineDay me={me} readings={readings} />;
}

/** issue 17: one video visit — the call, then its summary. */
export function TelemedicineVisitRoute() {
  const me = useOutletContext<StaffProfile>();
  const idx = Number(useParams().visitIdx);
  if (!Number.isInteger(idx) || idx < 1) return <Navigate to={paths.telemedicine.href()} replace />;
  return <TelemedicineVisitPage key={idx} visitIdx={idx} me={me} readings={readings} />;
}
