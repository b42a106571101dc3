import type { Dose, Medication } from '@smartcare/contract/medication';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/ui/page';
import { EmptyView, ErrorView, LoadingView } from '../../components/ui/state-views';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { toast } from '../../lib/toast';
import { useDoses } from './api/get-doses';
import { useMyMedications } from './api/get-my-medications';
import { DoseCard } from './dose-card';
import { MedicationForm } from './medication-form';
import { useMedicationLive } from './use-medication-live';
import { dateText, DAY_PARTS, dayPartOf, kstDay, scheduleText } from './medication-text';
import './medication.css';

function MedicineList({ medications }: { medications: Medication[] }) {
  const { t } = useTranslation();
  return (
    <section className="med-section" aria-labelledby="med-list-title">
      <h2 id="med-list-title" className="med-section-title">
        {t('medication.myMedicines')}
      </h2>
      <ul className="med-list">
        {medications.map((m) => (
          <li key={m.idx}>
            <Link className="med-list-item" to={paths.homecare.medicationDetail.href(m.idx)}>
              <span className="med-list-name">
                {m.name} {m.strength}
              </span>
              <span className="med-note">
                {m.status === 'STOPPED' ? t('medication.stopped') : scheduleText(t, m)}
              </span>
              {m.refillDue && m.status === 'ACTIVE' && (
                <span className="med-refill">
                  <span aria-hidden="true">! </span>
                  {t('medication.refillDue', { count: m.dosesLeft })}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * `/homecare/medication/main` (issue 15): today's doses by time of day with one big 복용 완료,
 * 15분 뒤 알림 and 건너뛰기; the dose due now stands out. With no medicine yet the screen leads to
 * adding one; the add form opens here (the spec names no route of its own for it).
 */
export function MedicationMainScreen() {
  const { t, i18n } = useTranslation();
  const [adding, setAdding] = useState(false);
  const doses = useDoses();
  const medications = useMyMedications();
  useMedicationLive();

  if (adding)
    return (
      <Page title={t('medication.addTitle')} back={paths.homecare.medicationMain.href()}>
        <MedicationForm
          onCancel={() => setAdding(false)}
          onDone={() => {
            toast.success(t('medication.saved'));
            setAdding(false);
          }}
        />
      </Page>
    );

  const list = doses.data ?? [];
  const groups = DAY_PARTS.map((part) => ({
    part,
    doses: list.filter((d) => dayPartOf(d.scheduledAt) === part),
  })).filter((g) => g.doses.length > 0);
  const active = (medications.data ?? []).filter((m) => m.status === 'ACTIVE');
  const failed = doses.isError ? doses.error : medications.isError ? medications.error : null;

  return (
    <Page title={t('medication.mainTitle')} back={paths.homecare.home.href()}>
      <div className="med-screen">
        <div className="med-top">
          <p className="med-today">
            {t('medication.today', { date: dateText(kstDay(), i18n.language, true) })}
          </p>
          <Link className="btn btn-block" to={paths.homecare.medicationCalendar.href()}>
            {t('medication.toCalendar')}
          </Link>
        </div>
        {(doses.isPending || medications.isPending) && <LoadingView />}
        {failed && (
          <ErrorView
            message={errorMessage(failed)}
            onRetry={() => {
              void doses.refetch();
              void medications.refetch();
            }}
          />
        )}
        {doses.isSuccess && medications.isSuccess && (
          <>
            {medications.data.length === 0 ? (
              <div className="med-empty">
                <EmptyView>
                  <strong>{t('medication.emptyTitle')}</strong> {t('medication.emptyBody')}
                </EmptyView>
              </div>
            ) : groups.length === 0 ? (
              <EmptyView>{t('medication.noDosesToday')}</EmptyView>
            ) : (
              groups.map((g) => (
                <section key={g.part} className="med-section" aria-labelledby={`med-part-${g.part}`}>
                  <h2 id={`med-part-${g.part}`} className="med-section-title">
                    {t(`medication.part.${g.part}`)}
                  </h2>
                  <ul className="med-doses">
                    {g.doses.map((d: Dose) => (
                      <DoseCard key={d.idx} dose={d} />
                    ))}
                  </ul>
                </section>
              ))
            )}
            <button type="button" className="btn btn-primary btn-block" onClick={() => setAdding(true)}>
              {t('medication.add')}
            </button>
            {medications.data.length > 0 && (
              <MedicineList
                medications={[...active, ...medications.data.filter((m) => m.status !== 'ACTIVE')]}
              />
            )}
          </>
        )}
      </div>
    </Page>
  );
}
