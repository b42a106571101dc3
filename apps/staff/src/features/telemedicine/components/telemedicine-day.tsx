import { useState, type ReactNode } from 'react';
import { App, Button, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { StaffProfile } from '@smartcare/contract/staff';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { useAdmit, useCancel, useMarkNoShow } from '../api/change-visit';
import { useClinicians } from '../api/get-clinicians';
import { useDay } from '../api/get-day';
import type { Visit } from '../api/types';
import { ReasonModal } from '../../../components/ui/reason-modal';
import { RequestQueue } from './request-queue';
import { seoulTime, seoulToday } from './seoul-time';
import { StatusTag } from './status-tag';
import { VisitFormModal } from './visit-form-modal';
import { WaitingList } from './waiting-list';
import { useTelemedicineLive } from './use-telemedicine-live';
import '../telemedicine.css';

/** Who holds calls: a doctor's or a nurse's day starts filtered to themselves. */
const HOLDS_CALLS = new Set(['DOCTOR', 'NURSE']);
const ALL = 0;

/**
 * `/telemedicine` (비대면 진료): a day of the hospital's video visits — the patients waiting
 * live (admit the next or a given one), the patients' change and cancel requests, and every visit
 * of the day to book, move, cancel or mark as no-show. `readings` shows a patient's recent
 * home readings (the home-care feature's, joined by the route).
 */
export function TelemedicineDay({
  me,
  readings,
}: {
  me: StaffProfile;
  readings?: (patientIdx: number) => ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [date, setDate] = useState(() => seoulToday());
  const [clinician, setClinician] = useState<number>(() => (HOLDS_CALLS.has(me.role) ? me.idx : ALL));
  const [form, setForm] = useState<{ item: Visit | null; key: number } | null>(null);
  const [cancelling, setCancelling] = useState<Visit | null>(null);
  useTelemedicineLive(me.hospitalIdx);
  const day = useDay(date, clinician === ALL ? null : clinician);
  const clinicians = useClinicians();
  const admit = useAdmit();
  const cancel = useCancel();
  const noShow = useMarkNoShow();
  const failed = (e: unknown) =>
    void message.error(`${t('telemedicine.actionFailed')} ${errorMessage(e, t)}`);
  const time = (iso: string) => seoulTime(iso, i18n.language);
  const visits = day.data?.visits ?? [];
  const waiting = visits
    .filter((v) => v.status === 'WAITING')
    .sort((a, b) => (a.waitingSince ?? '').localeCompare(b.waitingSince ?? ''));

  const admitVisit = (visit: Visit) =>
    admit.mutate(visit.visitIdx, {
      onSuccess: (admitted) => {
        void message.success(t('telemedicine.admitted', { name: visit.patientName }));
        // The clinician who holds the call goes to it; a nurse admitting for a doctor stays here.
        if (admitted.clinician.staffIdx === me.idx)
          void navigate(paths.telemedicineVisit.href(visit.visitIdx));
      },
      onError: failed,
    });

  const columns: TableColumnsType<Visit> = [
    { title: t('telemedicine.columns.time'), key: 'time', render: (_, v) => time(v.scheduledAt) },
    {
      title: t('telemedicine.columns.patient'),
      key: 'patient',
      render: (_, v) => (
        <Link
          to={paths.homeCarePatient.href(v.patientIdx)}
          aria-label={t('telemedicine.readingsLink', { name: v.patientName })}
        >
          {v.patientName}
        </Link>
      ),
    },
    {
      title: t('telemedicine.columns.clinician'),
      key: 'clinician',
      render: (_, v) => `${v.department} · ${v.clinician.name}`,
    },
    {
      title: t('telemedicine.columns.reason'),
      key: 'reason',
      render: (_, v) => <span className="tm-pre">{v.reason}</span>,
    },
    {
      title: t('telemedicine.columns.status'),
      key: 'status',
      render: (_, v) => (
        <Space direction="vertical" size={2}>
          <StatusTag status={v.status} />
          {v.request && <Tag color="#8a4b00">{t(`telemedicine.request.${v.request.kind}`)}</Tag>}
        </Space>
      ),
    },
    {
      title: t('telemedicine.columns.actions'),
      key: 'actions',
      render: (_, v) => visitActions(v),
    },
  ];

  function visitActions(visit: Visit) {
    const started = Date.parse(visit.scheduledAt) <= Date.now();
    const name = visit.patientName;
    return (
      <Space wrap>
        {visit.status === 'WAITING' && (
          <Button
            type="primary"
            aria-label={t('telemedicine.admitLabel', { name })}
            onClick={() => admitVisit(visit)}
          >
            {t('telemedicine.admit')}
          </Button>
        )}
        {visit.status === 'IN_CALL' && visit.clinician.staffIdx === me.idx && (
          <Button type="primary" onClick={() => void navigate(paths.telemedicineVisit.href(visit.visitIdx))}>
            {t('telemedicine.openCall')}
          </Button>
        )}
        {visit.status === 'COMPLETE' && (
          <Button
            aria-label={t('telemedicine.summaryLabel', { name })}
            onClick={() => void navigate(paths.telemedicineVisit.href(visit.visitIdx))}
          >
            {t(visit.summary ? 'telemedicine.editSummary' : 'telemedicine.writeSummary')}
          </Button>
        )}
        {visit.status === 'BOOKED' && (
          <Button
            aria-label={t('telemedicine.moveLabel', { name })}
            onClick={() => setForm({ item: visit, key: Date.now() })}
          >
            {t('telemedicine.move')}
          </Button>
        )}
        {(visit.status === 'BOOKED' || visit.status === 'WAITING') && started && (
          <Button
            aria-label={t('telemedicine.noShowLabel', { name })}
            onClick={() =>
              noShow.mutate(visit.visitIdx, {
                onSuccess: () => void message.success(t('telemedicine.markedNoShow')),
                onError: failed,
              })
            }
          >
            {t('telemedicine.noShow')}
          </Button>
        )}
        {visit.status === 'BOOKED' && (
          <Button
            danger
            aria-label={t('telemedicine.cancelLabel', { name })}
            onClick={() => setCancelling(visit)}
          >
            {t('telemedicine.cancel')}
          </Button>
        )}
      </Space>
    );
  }

  return (
    <section className="board telemedicine" aria-labelledby="telemedicine-title">
      <div className="board-head">
        <div>
          <Typography.Title level={2} id="telemedicine-title" className="panel-title">
            {t('telemedicine.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('telemedicine.subtitle')}</Typography.Text>
        </div>
        <Button type="primary" onClick={() => setForm({ item: null, key: Date.now() })}>
          {t('telemedicine.book')}
        </Button>
      </div>

      <Space wrap className="tm-controls">
        <label className="tm-inline">
          <span>{t('telemedicine.date')}</span>
          <Input
            type="date"
            style={{ width: 'auto' }}
            value={date}
            onChange={(e) => e.target.value && setDate(e.target.value)}
          />
        </label>
        <label className="tm-inline">
          <span id="tm-clinician-label">{t('telemedicine.clinician')}</span>
          <Select<number>
            aria-labelledby="tm-clinician-label"
            value={clinician}
            style={{ minWidth: 180 }}
            onChange={setClinician}
            loading={clinicians.isPending}
            options={[
              { value: ALL, label: t('telemedicine.allClinicians') },
              ...(HOLDS_CALLS.has(me.role)
                ? [{ value: me.idx, label: t('telemedicine.me', { name: me.name }) }]
                : []),
              ...(clinicians.data ?? [])
                .filter((c) => c.staffIdx !== me.idx)
                .map((c) => ({ value: c.staffIdx, label: `${c.name} · ${t(`roles.${c.role}`)}` })),
            ]}
          />
        </label>
      </Space>

      {day.isPending ? (
        <LoadingState />
      ) : day.isError ? (
        <ErrorState error={day.error} onRetry={() => void day.refetch()} />
      ) : (
        <>
          <WaitingList visits={waiting} readings={readings} pending={admit.isPending} onAdmit={admitVisit} />
          <RequestQueue onFailed={failed} />
          <section className="tm-section" aria-labelledby="tm-visits-title">
            <Typography.Title level={3} id="tm-visits-title" className="tm-subtitle">
              {t('telemedicine.visitsTitle')}
            </Typography.Title>
            {visits.length === 0 ? (
              <EmptyState text={t('telemedicine.empty')} />
            ) : (
              <Table<Visit>
                rowKey="visitIdx"
                columns={columns}
                dataSource={visits}
                pagination={{ pageSize: 50, hideOnSinglePage: true }}
                scroll={{ x: 'max-content' }}
              />
            )}
          </section>
        </>
      )}

      {form && (
        <VisitFormModal
          key={form.key}
          item={form.item}
          me={me}
          defaultDate={date}
          onClose={() => setForm(null)}
        />
      )}
      <ReasonModal
        look={{
          id: 'tm-reason',
          label: t('telemedicine.reasonLabel'),
          required: t('telemedicine.reasonRequired'),
          back: t('telemedicine.back'),
          fieldClassName: 'tm-field',
          labelClassName: 'tm-label',
        }}
        open={cancelling !== null}
        title={`${t('telemedicine.cancel')} · ${cancelling?.patientName ?? ''}`}
        confirmText={t('telemedicine.confirmCancel')}
        pending={cancel.isPending}
        onClose={() => setCancelling(null)}
        onConfirm={(reason) =>
          cancelling &&
          cancel.mutate(
            { visitIdx: cancelling.visitIdx, reason },
            {
              onSuccess: () => {
                void message.success(t('telemedicine.cancelled'));
                setCancelling(null);
              },
              onError: failed,
            },
          )
        }
      />
    </section>
  );
}
