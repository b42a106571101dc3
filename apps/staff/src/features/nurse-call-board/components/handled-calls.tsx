import { Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NurseCall } from '@smartcare/contract/nurse-call';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { formatDuration, formatTime } from '../../../lib/format';
import { useHandledCalls } from '../api/get-handled-calls';
import { useCallPlace } from './use-call-place';

/** A response time from the request to `end`, or a dash when that step never happened. */
function since(call: NurseCall, end: string | null): number | null {
  return end ? Date.parse(end) - Date.parse(call.requestedAt) : null;
}

/** This shift's handled calls with their response times: acknowledged and done after the call. */
export function HandledCalls() {
  const { t, i18n } = useTranslation();
  const calls = useHandledCalls();
  const place = useCallPlace();
  const duration = (ms: number | null) => (ms === null ? t('callDetails.noTime') : formatDuration(ms, t));

  const columns: TableColumnsType<NurseCall> = [
    {
      title: t('callDetails.handledColumns.requestedAt'),
      key: 'requestedAt',
      render: (_, call) => formatTime(call.requestedAt, i18n.language),
    },
    { title: t('nurseCall.columns.place'), key: 'place', render: (_, call) => place(call) },
    { title: t('nurseCall.columns.patient'), key: 'patient', dataIndex: 'patientName' },
    {
      title: t('nurseCall.columns.reason'),
      key: 'reason',
      render: (_, call) => t(`nurseCall.reasons.${call.reason}`),
    },
    {
      title: t('callDetails.handledColumns.ackTime'),
      key: 'ack',
      render: (_, call) => duration(since(call, call.acknowledgedAt)),
    },
    {
      title: t('callDetails.handledColumns.doneTime'),
      key: 'done',
      render: (_, call) =>
        call.status === 'CANCELLED'
          ? t('nurseCall.statuses.CANCELLED')
          : duration(since(call, call.completedAt)),
    },
    {
      title: t('callDetails.handledColumns.handledBy'),
      key: 'by',
      render: (_, call) => call.acknowledgedByName ?? t('callDetails.noTime'),
    },
  ];

  return (
    <section className="handled-calls" aria-labelledby="handled-title">
      <Typography.Title level={3} id="handled-title" className="panel-subtitle">
        {t('callDetails.handledTitle')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('callDetails.handledSubtitle')}</Typography.Text>
      {calls.isPending ? (
        <LoadingState />
      ) : calls.isError ? (
        <ErrorState error={calls.error} onRetry={() => void calls.refetch()} />
      ) : (
        <Table<NurseCall>
          rowKey="idx"
          size="small"
          columns={columns}
          dataSource={calls.data}
          pagination={false}
          aria-label={t('callDetails.handledTitle')}
          locale={{ emptyText: <EmptyState text={t('callDetails.handledEmpty')} /> }}
        />
      )}
    </section>
  );
}
