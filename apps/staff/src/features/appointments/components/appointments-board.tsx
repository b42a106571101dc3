import { useState } from 'react';
import { App, Button, Card, Input, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '@smartcare/contract/appointment';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/error-message';
import {
  useAcceptRequest,
  useCancelAppointment,
  useCompleteAppointment,
  useDeclineRequest,
} from '../api/change-appointment';
import { useRequests, useSchedule } from '../api/get-schedule';
import { useAppointmentsLive } from '../api/use-appointments-live';
import { AppointmentDetailDrawer, STATUS_COLOUR } from './appointment-detail-drawer';
import { AppointmentFormModal } from './appointment-form-modal';
import { ReasonModal } from '../../../components/ui/reason-modal';
import { formatSeoul, seoulToday } from './seoul-time';
import './appointments.css';

type ReasonFor = { kind: 'cancel' | 'decline'; item: Appointment } | null;

/**
 * `/appointments` (진료 예약): the open change and cancel requests to accept or decline, then a
 * department's day or week of appointments to create, edit, cancel or mark done.
 */
export function AppointmentsBoard() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [date, setDate] = useState(() => seoulToday());
  const [view, setView] = useState<'day' | 'week'>('week');
  const [department, setDepartment] = useState<string | undefined>(undefined);
  const [form, setForm] = useState<{ item: Appointment | null; key: number } | null>(null);
  const [reasonFor, setReasonFor] = useState<ReasonFor>(null);
  const [detail, setDetail] = useState<{ idx: number; name: string } | null>(null);
  const showDetail = (a: Appointment) => setDetail({ idx: a.idx, name: a.patientName });
  const schedule = useSchedule({ date, view, ...(department ? { department } : {}) });
  const requests = useRequests();
  useAppointmentsLive();
  const cancel = useCancelAppointment();
  const decline = useDeclineRequest();
  const complete = useCompleteAppointment();
  const when = (iso: string) => formatSeoul(iso, i18n.language);
  const failed = (e: unknown) =>
    void message.error(`${t('appointments.actionFailed')} ${errorMessage(e, t)}`);

  const columns: TableColumnsType<Appointment> = [
    { title: t('appointments.columns.when'), key: 'when', render: (_, a) => when(a.startsAt) },
    { title: t('appointments.columns.patient'), key: 'patient', dataIndex: 'patientName' },
    {
      title: t('appointments.columns.department'),
      key: 'department',
      render: (_, a) => `${a.department} · ${a.doctor}`,
    },
    {
      title: t('appointments.columns.type'),
      key: 'type',
      render: (_, a) => (a.type ? t(`appointments.types.${a.type}`) : ''),
    },
    {
      title: t('appointments.columns.place'),
      key: 'place',
      render: (_, a) => [a.building, a.floor, a.room].filter(Boolean).join(' '),
    },
    {
      title: t('appointments.columns.status'),
      key: 'status',
      render: (_, a) => (
        <Tag color={STATUS_COLOUR[a.status]} variant="solid">
          {t(`appointments.status.${a.status}`)}
        </Tag>
      ),
    },
    {
      title: t('appointments.columns.actions'),
      key: 'actions',
      render: (_, a) => (
        <Space wrap>
          <Button
            aria-label={t('appointments.historyLabel', { name: a.patientName })}
            onClick={() => showDetail(a)}
          >
            {t('appointments.history')}
          </Button>
          {a.status === 'BOOKED' && (
            <Button
              aria-label={t('appointments.editLabel', { name: a.patientName })}
              onClick={() => setForm({ item: a, key: Date.now() })}
            >
              {t('appointments.edit')}
            </Button>
          )}
          {/* 완료 only once the visit has started (the server refuses it before: no rating for a visit not had) */}
          {a.status === 'BOOKED' && Date.parse(a.startsAt) <= Date.now() && (
            <Button
              aria-label={t('appointments.completeLabel', { name: a.patientName })}
              onClick={() =>
                complete.mutate(a.idx, {
                  onSuccess: () => void message.success(t('appointments.completed')),
                  onError: failed,
                })
              }
            >
              {t('appointments.complete')}
            </Button>
          )}
          {(a.status === 'BOOKED' || a.status === 'CHANGE_REQUESTED' || a.status === 'CANCEL_REQUESTED') && (
            <Button
              danger
              aria-label={t('appointments.cancelLabel', { name: a.patientName })}
              onClick={() => setReasonFor({ kind: 'cancel', item: a })}
            >
              {t('appointments.cancel')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const confirmReason = (reason: string) => {
    if (!reasonFor) return;
    const run = reasonFor.kind === 'cancel' ? cancel : decline;
    run.mutate(
      { idx: reasonFor.item.idx, reason },
      {
        onSuccess: () => {
          void message.success(
            t(reasonFor.kind === 'cancel' ? 'appointments.cancelled' : 'appointments.declined'),
          );
          setReasonFor(null);
        },
        onError: failed,
      },
    );
  };

  return (
    <section className="board" aria-labelledby="appointments-title">
      <div className="board-head">
        <div>
          <Typography.Title level={2} id="appointments-title" className="panel-title">
            {t('appointments.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('appointments.subtitle')}</Typography.Text>
        </div>
        <Button type="primary" onClick={() => setForm({ item: null, key: Date.now() })}>
          {t('appointments.create')}
        </Button>
      </div>

      <section className="appt-requests" aria-labelledby="appt-requests-title">
        <Typography.Title level={3} id="appt-requests-title" className="appt-subtitle">
          {t('appointments.requestsTitle')}
        </Typography.Title>
        {requests.isPending ? (
          <LoadingState />
        ) : requests.isError ? (
          <ErrorState error={requests.error} onRetry={() => void requests.refetch()} />
        ) : requests.data.length === 0 ? (
          <EmptyState text={t('appointments.requestsEmpty')} />
        ) : (
          <ul className="appt-request-list">
            {requests.data.map((item) => (
              <RequestCard
                key={item.idx}
                item={item}
                onDecline={() => setReasonFor({ kind: 'decline', item })}
                onDetail={() => showDetail(item)}
                onFailed={failed}
              />
            ))}
          </ul>
        )}
      </section>

      <Space wrap className="appt-controls">
        <label className="appt-inline">
          <span>{t('appointments.date')}</span>
          <Input type="date" value={date} onChange={(e) => e.target.value && setDate(e.target.value)} />
        </label>
        <Select<'day' | 'week'>
          aria-label={t('appointments.view')}
          value={view}
          style={{ minWidth: 110 }}
          onChange={setView}
          options={[
            { value: 'day', label: t('appointments.day') },
            { value: 'week', label: t('appointments.week') },
          ]}
        />
        <Select<string>
          aria-label={t('appointments.department')}
          value={department ?? ''}
          style={{ minWidth: 160 }}
          onChange={(value) => setDepartment(value || undefined)}
          options={[
            { value: '', label: t('appointments.allDepartments') },
            ...(schedule.data?.departments ?? []).map((d) => ({ value: d, label: d })),
          ]}
        />
      </Space>

      {schedule.isPending ? (
        <LoadingState />
      ) : schedule.isError ? (
        <ErrorState error={schedule.error} onRetry={() => void schedule.refetch()} />
      ) : schedule.data.appointments.length === 0 ? (
        <EmptyState text={t('appointments.empty')} />
      ) : (
        <Table<Appointment>
          rowKey="idx"
          columns={columns}
          dataSource={schedule.data.appointments}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
        />
      )}

      <AppointmentDetailDrawer
        idx={detail?.idx ?? null}
        patientName={detail?.name ?? ''}
        onClose={() => setDetail(null)}
      />
      {form && <AppointmentFormModal key={form.key} open item={form.item} onClose={() => setForm(null)} />}
      <ReasonModal
        look={{
          id: 'appt-reason',
          label: t('appointments.reasonLabel'),
          required: t('appointments.reasonRequired'),
          back: t('appointments.back'),
          fieldClassName: 'appt-field',
          labelClassName: 'appt-label',
        }}
        open={reasonFor !== null}
        title={
          reasonFor
            ? `${t(reasonFor.kind === 'cancel' ? 'appointments.cancel' : 'appointments.decline')} · ${reasonFor.item.patientName}`
            : t('appointments.cancel')
        }
        confirmText={t(
          reasonFor?.kind === 'decline' ? 'appointments.confirmDecline' : 'appointments.confirmCancel',
        )}
        pending={cancel.isPending || decline.isPending}
        onConfirm={confirmReason}
        onClose={() => setReasonFor(null)}
      />
    </section>
  );
}

/** One open request: what was asked, the patient's words, accept (choosing the new time) or decline. */
function RequestCard({
  item,
  onDecline,
  onDetail,
  onFailed,
}: {
  item: Appointment;
  onDecline: () => void;
  onDetail: () => void;
  onFailed: (e: unknown) => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const accept = useAcceptRequest();
  const [chosen, setChosen] = useState(item.preferredTimes[0] ?? '');
  const change = item.status === 'CHANGE_REQUESTED';
  const when = (iso: string) => formatSeoul(iso, i18n.language);
  return (
    <li>
      <Card size="small" className="appt-request">
        <Space direction="vertical" size={4} className="appt-request-body">
          <strong>
            {item.patientName} · {t(change ? 'appointments.changeRequest' : 'appointments.cancelRequest')}
          </strong>
          <span>
            {when(item.startsAt)} · {item.department} · {item.doctor}
          </span>
          {item.requestNote && (
            <span className="appt-pre">
              {t('appointments.patientNote')}: {item.requestNote}
            </span>
          )}
          {change && (
            <label className="appt-inline">
              <span>{t('appointments.chooseTime')}</span>
              <Select<string>
                value={chosen}
                style={{ minWidth: 200 }}
                onChange={setChosen}
                options={item.preferredTimes.map((time) => ({ value: time, label: when(time) }))}
              />
            </label>
          )}
          <Space wrap>
            <Button
              type="primary"
              loading={accept.isPending}
              aria-label={t('appointments.acceptLabel', { name: item.patientName })}
              onClick={() =>
                accept.mutate(change ? { idx: item.idx, startsAt: chosen } : { idx: item.idx }, {
                  onSuccess: () => void message.success(t('appointments.accepted')),
                  onError: onFailed,
                })
              }
            >
              {t('appointments.accept')}
            </Button>
            <Button
              danger
              aria-label={t('appointments.declineLabel', { name: item.patientName })}
              onClick={onDecline}
            >
              {t('appointments.decline')}
            </Button>
            <Button
              aria-label={t('appointments.historyLabel', { name: item.patientName })}
              onClick={onDetail}
            >
              {t('appointments.history')}
            </Button>
          </Space>
        </Space>
      </Card>
    </li>
  );
}
