import { useState } from 'react';
import { App, Button, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useWriteSummary } from '../api/change-visit';
import type { Visit } from '../api/types';

const SUMMARY_MAX = 4000;
const FOLLOW_UP_MAX = 1000;

/** The visit's summary and follow-up after the call; the patient reads them on the visit's screen. */
export function SummaryForm({ visit, onSaved }: { visit: Visit; onSaved?: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const write = useWriteSummary();
  const [summary, setSummary] = useState(visit.summary?.text ?? '');
  const [followUp, setFollowUp] = useState(visit.summary?.followUp ?? '');
  const [error, setError] = useState('');
  const save = () => {
    const text = summary.trim();
    if (!text) return setError(t('telemedicine.summaryRequired'));
    // The summary's writtenAt is this form's key: when the live update of the visit arrives before
    // the answer, the form remounts and mutate's own callbacks die with it; a promise doesn't.
    write
      .mutateAsync({
        visitIdx: visit.visitIdx,
        summary: text,
        ...(followUp.trim() ? { followUp: followUp.trim() } : {}),
      })
      .then(
        () => {
          void message.success(t('telemedicine.summarySaved'));
          onSaved?.();
        },
        (e: unknown) => void message.error(`${t('telemedicine.actionFailed')} ${errorMessage(e, t)}`),
      );
  };
  return (
    <section className="tm-section tm-summary" aria-labelledby="tm-summary-title">
      <Typography.Title level={3} id="tm-summary-title" className="tm-subtitle">
        {t(visit.summary ? 'telemedicine.editSummary' : 'telemedicine.writeSummary')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('telemedicine.summaryHint')}</Typography.Paragraph>
      <div className="tm-form">
        <div className="tm-field">
          <label htmlFor="tm-summary" className="tm-label">
            {t('telemedicine.fields.summary')}
          </label>
          <Input.TextArea
            id="tm-summary"
            value={summary}
            maxLength={SUMMARY_MAX}
            autoSize={{ minRows: 5, maxRows: 14 }}
            status={error ? 'error' : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'tm-summary-error' : undefined}
            onChange={(e) => {
              setSummary(e.target.value);
              setError('');
            }}
          />
          {error && (
            <Typography.Text type="danger" id="tm-summary-error">
              {error}
            </Typography.Text>
          )}
        </div>
        <div className="tm-field">
          <label htmlFor="tm-followUp" className="tm-label">
            {t('telemedicine.fields.followUp')}
          </label>
          <Input.TextArea
            id="tm-followUp"
            value={followUp}
            maxLength={FOLLOW_UP_MAX}
            autoSize={{ minRows: 2, maxRows: 6 }}
            onChange={(e) => setFollowUp(e.target.value)}
          />
        </div>
        <Space wrap>
          <Button type="primary" size="large" loading={write.isPending} onClick={save}>
            {t('telemedicine.saveSummary')}
          </Button>
        </Space>
      </div>
    </section>
  );
}
