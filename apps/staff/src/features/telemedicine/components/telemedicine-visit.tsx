import { useState, type ReactNode } from 'react';
import { App, Button, Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { StaffProfile } from '@smartcare/contract/staff';
import { ErrorState, LoadingState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { useAdmit } from '../api/change-visit';
import { useVisit } from '../api/get-visit';
import type { Visit } from '../api/types';
import { CallView } from './call-view';
import { seoulDateTime, seoulTime } from './seoul-time';
import { StatusTag } from './status-tag';
import { SummaryForm } from './summary-form';
import { useTelemedicineLive } from './use-telemedicine-live';
import { DeviceCheck } from './waiting-list';
import '../telemedicine.css';

/**
 * `/telemedicine/:visitIdx`: one video visit. While the call runs and this staff member holds
 * it, the call view; once it ended, the summary to write (or edit); before, what the patient
 * booked for, the device check and "입장시키기" when they wait. `readings` shows the patient's
 * recent home readings (the home-care feature's, joined by the route).
 */
export function TelemedicineVisitPage({
  visitIdx,
  me,
  readings,
}: {
  visitIdx: number;
  me: StaffProfile;
  readings?: (patientIdx: number) => ReactNode;
}) {
  const { t } = useTranslation();
  useTelemedicineLive(me.hospitalIdx);
  const visit = useVisit(visitIdx);
  const back = (
    <Link to={paths.telemedicine.href()} className="tm-back">
      {t('telemedicine.backToDay')}
    </Link>
  );
  if (visit.isPending) return <LoadingState />;
  if (visit.isError)
    return (
      <section className="board telemedicine">
        {back}
        <ErrorState error={visit.error} onRetry={() => void visit.refetch()} />
      </section>
    );
  const v = visit.data;
  const holdsCall = v.clinician.staffIdx === me.idx;

  if (v.status === 'IN_CALL' && holdsCall)
    return (
      <section className="board telemedicine tm-call-page" aria-labelledby="tm-visit-title">
        <VisitHead visit={v} back={back} />
        <div className="tm-call-layout">
          <CallView visit={v} />
          {readings && (
            <aside className="tm-call-side" aria-labelledby="tm-call-readings-title">
              <Typography.Title level={3} id="tm-call-readings-title" className="tm-subtitle">
                {t('telemedicine.recentReadings')}
              </Typography.Title>
              {readings(v.patientIdx)}
            </aside>
          )}
        </div>
      </section>
    );

  return (
    <section className="board telemedicine" aria-labelledby="tm-visit-title">
      <VisitHead visit={v} back={back} />
      <VisitDetails visit={v} />
      {v.status === 'WAITING' && <AdmitPanel visit={v} />}
      {v.status === 'IN_CALL' && !holdsCall && (
        <p className="tm-note">{t('telemedicine.inCallWithOther', { name: v.clinician.name })}</p>
      )}
      {v.status === 'COMPLETE' && <SummaryForm key={v.summary?.writtenAt ?? 'new'} visit={v} />}
      {readings && (
        <section className="tm-section" aria-labelledby="tm-readings-title">
          <Typography.Title level={3} id="tm-readings-title" className="tm-subtitle">
            {t('telemedicine.recentReadings')}
          </Typography.Title>
          {readings(v.patientIdx)}
        </section>
      )}
      <History visit={v} />
    </section>
  );
}

function VisitHead({ visit, back }: { visit: Visit; back: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {back}
      <div className="board-head">
        <div>
          <Typography.Title level={2} id="tm-visit-title" className="panel-title">
            {t('telemedicine.visitTitle', { name: visit.patientName })}
          </Typography.Title>
          <Typography.Text type="secondary">
            {seoulDateTime(visit.scheduledAt, i18n.language)} · {visit.department} · {visit.clinician.name}
          </Typography.Text>
        </div>
        <StatusTag status={visit.status} />
      </div>
    </>
  );
}

function VisitDetails({ visit }: { visit: Visit }) {
  const { t, i18n } = useTranslation();
  return (
    <Descriptions
      className="tm-details"
      column={1}
      size="small"
      bordered
      items={[
        {
          key: 'reason',
          label: t('telemedicine.columns.reason'),
          children: <span className="tm-pre">{visit.reason}</span>,
        },
        {
          key: 'preparation',
          label: t('telemedicine.preparation'),
          children: <span className="tm-pre">{visit.preparation || t('telemedicine.none')}</span>,
        },
        ...(visit.callStartedAt
          ? [
              {
                key: 'call',
                label: t('telemedicine.callTime'),
                children: `${seoulDateTime(visit.callStartedAt, i18n.language)} – ${
                  visit.callEndedAt ? seoulTime(visit.callEndedAt, i18n.language) : ''
                }`,
              },
            ]
          : []),
        ...(visit.summary
          ? [
              {
                key: 'summary',
                label: t('telemedicine.summaryWrittenLabel'),
                children: t('telemedicine.summaryWritten', {
                  name: visit.summary.writtenBy,
                  time: seoulDateTime(visit.summary.writtenAt, i18n.language),
                }),
              },
            ]
          : []),
        {
          key: 'device',
          label: t('telemedicine.device.label'),
          children: <DeviceCheck check={visit.deviceCheck} />,
        },
        {
          key: 'patient',
          label: t('telemedicine.columns.patient'),
          children: (
            <Link to={paths.homeCarePatient.href(visit.patientIdx)}>
              {t('telemedicine.readingsLink', { name: visit.patientName })}
            </Link>
          ),
        },
      ]}
    />
  );
}

function AdmitPanel({ visit }: { visit: Visit }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const admit = useAdmit();
  return (
    <div className="tm-section">
      <Button
        type="primary"
        size="large"
        loading={admit.isPending}
        aria-label={t('telemedicine.admitLabel', { name: visit.patientName })}
        onClick={() =>
          admit.mutate(visit.visitIdx, {
            onSuccess: () => void message.success(t('telemedicine.admitted', { name: visit.patientName })),
            onError: (e) => void message.error(`${t('telemedicine.actionFailed')} ${errorMessage(e, t)}`),
          })
        }
      >
        {t('telemedicine.admit')}
      </Button>
    </div>
  );
}

function History({ visit }: { visit: Visit }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!visit.history?.length) return null;
  return (
    <section className="tm-section" aria-labelledby="tm-history-title">
      <Typography.Title level={3} id="tm-history-title" className="tm-subtitle">
        <Button
          type="link"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          className="tm-history-toggle"
        >
          {t('telemedicine.history', { count: visit.history.length })}
        </Button>
      </Typography.Title>
      {open && (
        <ol className="tm-history">
          {visit.history.map((h, i) => (
            <li key={i}>
              {seoulDateTime(h.at, i18n.language)} ·{' '}
              {t(`telemedicine.historyKind.${h.kind}`, { defaultValue: h.kind })}
              {h.byName ? ` · ${h.byName}` : ''}
              {h.note ? <span className="tm-pre"> — {h.note}</span> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
