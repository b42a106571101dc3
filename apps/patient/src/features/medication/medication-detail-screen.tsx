import Dialog from 'antd-mobile/es/components/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../components/ui/page';
import { EmptyView, ErrorView, LoadingView } from '../../components/ui/state-views';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { toast } from '../../lib/toast';
import { useMedication } from './api/get-medication';
import { useStopMedication } from './api/stop-medication';
import { DoseStatus } from './dose-card';
import { MedicationForm } from './medication-form';
import { dateText, doseAmountText, scheduleText, timeText } from './medication-text';
import './medication.css';

/**
 * `/homecare/medication/{idx}` (issue 15): the medicine, its schedule, the stock ("약이 N회분
 * 남았습니다" at the refill threshold), its recent doses, edit and stop.
 */
export function MedicationDetailScreen({ idx }: { idx: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const id = Number(idx);
  const detail = useMedication(id);
  const stop = useStopMedication();
  const [editing, setEditing] = useState(false);
  const back = paths.homecare.medicationMain.href();

  if (!Number.isInteger(id) || id <= 0)
    return (
      <Page title={t('medication.detailTitle')} back={back}>
        <EmptyView>{t('resultCode.NOT_FOUND')}</EmptyView>
      </Page>
    );

  const m = detail.data?.medication;
  if (editing && m)
    return (
      <Page title={t('medication.editTitle')} back={back}>
        <MedicationForm
          medication={m}
          onCancel={() => setEditing(false)}
          onDone={() => {
            toast.success(t('medication.saved'));
            setEditing(false);
          }}
        />
      </Page>
    );

  const confirmStop = async () => {
    const confirmed = await Dialog.confirm({
      content: t('medication.stopConfirm'),
      confirmText: t('medication.stopOk'),
      cancelText: t('medication.cancel'),
    });
    if (!confirmed) return;
    try {
      await stop.mutateAsync(id);
      toast.success(t('medication.stoppedDone'));
      void navigate(back);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Page title={t('medication.detailTitle')} back={back}>
      <div className="med-screen">
        {detail.isPending && <LoadingView />}
        {detail.isError && (
          <ErrorView message={errorMessage(detail.error)} onRetry={() => void detail.refetch()} />
        )}
        {m && (
          <>
            <section className="med-card">
              <h2 className="med-detail-name">{m.name}</h2>
              <p className="med-note">
                {[m.strength, t(`medication.form.${m.form}`), doseAmountText(t, m)]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              {m.status === 'STOPPED' && (
                <p className="med-status med-status-missed">{t('medication.stopped')}</p>
              )}
              {m.dosesLeft !== null &&
                (m.refillDue ? (
                  <p className="med-refill" role="status">
                    <span aria-hidden="true">! </span>
                    {t('medication.refillDue', { count: m.dosesLeft })}
                  </p>
                ) : (
                  <p>{t('medication.stockLeft', { count: m.dosesLeft })}</p>
                ))}
            </section>
            <section className="med-card" aria-labelledby="med-schedule">
              <h2 id="med-schedule" className="med-section-title">
                {t('medication.schedule')}
              </h2>
              <p>{scheduleText(t, m)}</p>
              <p className="med-note">
                {t('medication.period', {
                  start: dateText(m.startDate, i18n.language),
                  end: m.endDate
                    ? t('medication.until', { date: dateText(m.endDate, i18n.language) })
                    : t('medication.continuing'),
                })}
              </p>
              {m.instructions && (
                <>
                  <h3 className="med-subtitle">{t('medication.instructions')}</h3>
                  <p className="med-instructions">{m.instructions}</p>
                </>
              )}
              {m.prescribedBy && (
                <p className="med-note">{t('medication.prescribedBy', { name: m.prescribedBy })}</p>
              )}
              {m.byStaff && <p className="med-note">{t('medication.byNurse')}</p>}
            </section>
            {m.status === 'ACTIVE' && (
              <div className="med-actions">
                <button type="button" className="btn btn-primary btn-block" onClick={() => setEditing(true)}>
                  {t('medication.edit')}
                </button>
                <button
                  type="button"
                  className="btn btn-block"
                  disabled={stop.isPending}
                  onClick={() => void confirmStop()}
                >
                  {t('medication.stop')}
                </button>
              </div>
            )}
            <section className="med-section" aria-labelledby="med-history">
              <h2 id="med-history" className="med-section-title">
                {t('medication.history')}
              </h2>
              {(detail.data?.history ?? []).length === 0 ? (
                <EmptyView>{t('medication.noHistory')}</EmptyView>
              ) : (
                <ul className="med-history">
                  {(detail.data?.history ?? []).map((d) => (
                    <li key={d.idx} className="med-history-item">
                      <span>
                        {dateText(kstDate(d.scheduledAt), i18n.language, true)}{' '}
                        {timeText(d.scheduledAt, i18n.language)}
                      </span>
                      <DoseStatus dose={d} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </div>
    </Page>
  );
}

const kstDate = (iso: string) => new Date(Date.parse(iso) + 9 * 3_600_000).toISOString().slice(0, 10);
