import { useMemo, type HTMLAttributes } from 'react';
import { App, Button, Space, Switch, Table, Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NurseCall } from '@smartcare/contract/nurse-call';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/error-message';
import { formatDuration } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import { useAcknowledgeNurseCall } from '../api/acknowledge-nurse-call';
import { useCompleteNurseCall } from '../api/complete-nurse-call';
import { useOpenCalls } from '../api/get-open-calls';
import { sortCalls } from '../sort-calls';
import { useNurseCallAlerts } from './nurse-call-live';
import { CallPatientDetails } from './call-patient-details';
import { HandledCalls } from './handled-calls';
import { useCallPlace } from './use-call-place';

/** Solid colours with white text (4.5:1 contrast); the words say the same as the colour. */
const priorityColour: Record<number, string> = {
  1: '#c92a2a',
  2: '#c2410c',
  3: '#8a6100',
  4: '#1762c8',
  5: '#5f6b7a',
};

/** The ward board: open calls by priority then age, with live waiting times and the two actions. */
export function NurseCallBoard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const calls = useOpenCalls();
  const { freshIds, soundOn, setSoundOn } = useNurseCallAlerts();
  const acknowledge = useAcknowledgeNurseCall();
  const complete = useCompleteNurseCall();
  const place = useCallPlace();
  const now = useNow(1000);
  const sorted = useMemo(() => sortCalls(calls.data ?? []), [calls.data]);

  const onError = (error: unknown) =>
    void message.error(`${t('nurseCall.actionFailed')} ${errorMessage(error, t)}`);
  const busy = (idx: number, mutation: typeof acknowledge | typeof complete) =>
    mutation.isPending && mutation.variables?.callIdx === idx;

  const columns: TableColumnsType<NurseCall> = [
    {
      title: t('nurseCall.columns.priority'),
      key: 'priority',
      width: 110,
      render: (_, call) => (
        <Tag color={priorityColour[call.priority] ?? '#5f6b7a'} variant="solid">
          {t(`nurseCall.priorities.${Math.min(5, Math.max(1, call.priority))}`)}
        </Tag>
      ),
    },
    {
      title: t('nurseCall.columns.reason'),
      key: 'reason',
      render: (_, call) => (
        <div>
          <strong>{t(`nurseCall.reasons.${call.reason}`)}</strong>
          {call.note && <div className="call-note">{t('nurseCall.note', { note: call.note })}</div>}
        </div>
      ),
    },
    { title: t('nurseCall.columns.place'), key: 'place', render: (_, call) => place(call) },
    {
      title: t('nurseCall.columns.patient'),
      key: 'patient',
      render: (_, call) => (
        <Space size={4} wrap>
          <span>{call.patientName}</span>
          {!call.identityConfirmed && (
            <Tooltip title={t('callDetails.unconfirmedHelp')}>
              <Tag color="#8a6100" variant="solid" className="call-unconfirmed">
                {t('callDetails.unconfirmed')}
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: t('callDetails.columns.details'),
      key: 'details',
      render: (_, call) => <CallPatientDetails call={call} />,
    },
    {
      title: t('nurseCall.columns.waiting'),
      key: 'waiting',
      width: 170,
      render: (_, call) => (
        <Space size={4} wrap>
          <span className="call-waiting">{formatDuration(now - Date.parse(call.requestedAt), t)}</span>
          {call.raisedAt && (
            <Tooltip title={t('callDetails.raisedHelp')}>
              <Tag color="#c2410c" variant="solid" className="call-raised">
                {t('callDetails.raised')}
              </Tag>
            </Tooltip>
          )}
          {call.escalatedAt && (
            <Tooltip title={t('nurseCall.escalatedHelp')}>
              <Tag color="#c92a2a" variant="solid" className="call-escalated">
                {t('nurseCall.escalated')}
              </Tag>
            </Tooltip>
          )}
        </Space>
      ),
    },
    {
      title: t('nurseCall.columns.status'),
      key: 'status',
      render: (_, call) => (
        <div>
          <div>{t(`nurseCall.statuses.${call.status}`)}</div>
          {call.acknowledgedByName && (
            <div className="call-note">
              {t('nurseCall.acknowledgedBy', { name: call.acknowledgedByName })}
            </div>
          )}
        </div>
      ),
    },
    {
      title: t('nurseCall.columns.actions'),
      key: 'actions',
      width: 180,
      render: (_, call) => (
        <Space>
          {call.status === 'REQUESTED' && (
            <Button
              type="primary"
              aria-label={t('nurseCall.acknowledgeLabel', { patient: call.patientName })}
              loading={busy(call.idx, acknowledge)}
              onClick={() => acknowledge.mutate({ callIdx: call.idx }, { onError })}
            >
              {t('nurseCall.acknowledge')}
            </Button>
          )}
          <Button
            aria-label={t('nurseCall.completeLabel', { patient: call.patientName })}
            loading={busy(call.idx, complete)}
            onClick={() => complete.mutate({ callIdx: call.idx }, { onError })}
          >
            {t('nurseCall.complete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <section className="board" aria-labelledby="board-title">
      <div className="board-head">
        <div>
          <Typography.Title level={2} id="board-title" className="panel-title">
            {t('nurseCall.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('nurseCall.subtitle')}</Typography.Text>
        </div>
        <Space size="large">
          {calls.isSuccess && (
            <span className="board-count" aria-live="polite">
              {t('nurseCall.openCount', { count: sorted.length })}
            </span>
          )}
          <label className="board-sound">
            <Switch checked={soundOn} onChange={setSoundOn} aria-label={t('nurseCall.soundToggle')} />
            <span>{soundOn ? t('nurseCall.soundOn') : t('nurseCall.soundOff')}</span>
          </label>
        </Space>
      </div>
      {calls.isPending ? (
        <LoadingState />
      ) : calls.isError ? (
        <ErrorState error={calls.error} onRetry={() => void calls.refetch()} />
      ) : (
        <Table<NurseCall>
          rowKey="idx"
          columns={columns}
          dataSource={sorted}
          pagination={false}
          locale={{ emptyText: <EmptyState text={t('nurseCall.empty')} /> }}
          rowClassName={(call) =>
            [freshIds.has(call.idx) ? 'call-fresh' : '', call.escalatedAt ? 'call-row-escalated' : '']
              .join(' ')
              .trim()
          }
          onRow={(call) => ({ 'data-call-idx': call.idx }) as HTMLAttributes<HTMLElement>}
        />
      )}
      <HandledCalls />
    </section>
  );
}
