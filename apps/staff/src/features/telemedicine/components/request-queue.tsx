import { useState } from 'react';
import { App, Button, Card, Input, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { useAcceptRequest, useDeclineRequest } from '../api/change-visit';
import { useRequests } from '../api/get-requests';
import type { Visit } from '../api/types';
import { ReasonModal } from '../../../components/ui/reason-modal';
import { fromSeoulInput, seoulDateTime } from './seoul-time';

/** The patients' open change and cancel requests: accept (a change with a new time) or decline. */
export function RequestQueue({ onFailed }: { onFailed: (e: unknown) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const requests = useRequests();
  const decline = useDeclineRequest();
  const [declining, setDeclining] = useState<Visit | null>(null);
  return (
    <section className="tm-section" aria-labelledby="tm-requests-title">
      <Typography.Title level={3} id="tm-requests-title" className="tm-subtitle">
        {t('telemedicine.requestsTitle')}
      </Typography.Title>
      {requests.isPending ? (
        <LoadingState />
      ) : requests.isError ? (
        <ErrorState error={requests.error} onRetry={() => void requests.refetch()} />
      ) : requests.data.length === 0 ? (
        <EmptyState text={t('telemedicine.requestsEmpty')} />
      ) : (
        <ul className="tm-list">
          {requests.data.map((item) => (
            <RequestCard
              key={item.visitIdx}
              item={item}
              onDecline={() => setDeclining(item)}
              onFailed={onFailed}
            />
          ))}
        </ul>
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
        open={declining !== null}
        title={`${t('telemedicine.decline')} · ${declining?.patientName ?? ''}`}
        confirmText={t('telemedicine.confirmDecline')}
        pending={decline.isPending}
        onClose={() => setDeclining(null)}
        onConfirm={(reason) =>
          declining &&
          decline.mutate(
            { visitIdx: declining.visitIdx, reason },
            {
              onSuccess: () => {
                void message.success(t('telemedicine.declined'));
                setDeclining(null);
              },
              onError: onFailed,
            },
          )
        }
      />
    </section>
  );
}

const OTHER = 'other';

function RequestCard({
  item,
  onDecline,
  onFailed,
}: {
  item: Visit;
  onDecline: () => void;
  onFailed: (e: unknown) => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const accept = useAcceptRequest();
  const request = item.request!;
  const change = request.kind === 'CHANGE';
  const preferred = request.preferredDates ?? [];
  const [chosen, setChosen] = useState<string>(preferred[0] ?? OTHER);
  const [other, setOther] = useState('');
  const [error, setError] = useState('');
  const when = (iso: string) => seoulDateTime(iso, i18n.language);
  const errorId = `tm-accept-${item.visitIdx}-error`;

  const submit = () => {
    let scheduledAt: string | undefined;
    if (change) {
      scheduledAt = chosen === OTHER ? (fromSeoulInput(other) ?? undefined) : chosen;
      if (!scheduledAt) return setError(t('telemedicine.chooseTimeRequired'));
    }
    accept.mutate(
      { visitIdx: item.visitIdx, ...(scheduledAt ? { scheduledAt } : {}) },
      { onSuccess: () => void message.success(t('telemedicine.accepted')), onError: onFailed },
    );
  };

  return (
    <li>
      <Card size="small" className="tm-card">
        <Space direction="vertical" size={4} className="tm-card-body">
          <strong>
            {item.patientName} · {t(`telemedicine.request.${request.kind}`)}
          </strong>
          <span>
            {when(item.scheduledAt)} · {item.department} · {item.clinician.name}
          </span>
          {request.reason && (
            <span className="tm-pre">
              {t('telemedicine.patientNote')}: {request.reason}
            </span>
          )}
          {change && (
            <fieldset className="tm-fieldset">
              <legend className="tm-label">{t('telemedicine.chooseTime')}</legend>
              <Radio.Group
                value={chosen}
                onChange={(e) => {
                  setChosen(e.target.value as string);
                  setError('');
                }}
              >
                <Space direction="vertical">
                  {preferred.map((time) => (
                    <Radio key={time} value={time}>
                      {when(time)}
                    </Radio>
                  ))}
                  <Radio value={OTHER}>{t('telemedicine.otherTime')}</Radio>
                </Space>
              </Radio.Group>
              {chosen === OTHER && (
                <Input
                  type="datetime-local"
                  aria-label={t('telemedicine.otherTime')}
                  value={other}
                  status={error ? 'error' : undefined}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  onChange={(e) => {
                    setOther(e.target.value);
                    setError('');
                  }}
                />
              )}
              {error && (
                <Typography.Text type="danger" id={errorId}>
                  {error}
                </Typography.Text>
              )}
            </fieldset>
          )}
          <Space wrap>
            <Button
              type="primary"
              loading={accept.isPending}
              aria-label={t('telemedicine.acceptLabel', { name: item.patientName })}
              onClick={submit}
            >
              {t('telemedicine.accept')}
            </Button>
            <Button
              danger
              aria-label={t('telemedicine.declineLabel', { name: item.patientName })}
              onClick={onDecline}
            >
              {t('telemedicine.decline')}
            </Button>
          </Space>
        </Space>
      </Card>
    </li>
  );
}
