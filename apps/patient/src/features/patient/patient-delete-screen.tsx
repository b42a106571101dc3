import '../../lib/antd-mobile';
import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import TextArea from 'antd-mobile/es/components/text-area';
import { ResultCode } from '@smartcare/contract/result-code-values';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeletionFacts } from '../../components/ui/deletion-facts';
import { Section } from '../../components/ui/menu-list';
import { Page } from '../../components/ui/page';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { areaConfig, type Area } from '../../config/area';
import { formatDate, formatDateTime } from '../../lib/date-format';
import { ApiError, errorMessage } from '../../lib/api-error';
import { useDeletionPolicy } from '../../lib/deletion-policy';
import { applyFieldErrors, rules } from '../../lib/form-rules';
import { toast } from '../../lib/toast';
import { useCancelDeleteRequest } from './api/cancel-delete-request';
import { useDeletePatient } from './api/delete-patient';
import { useDeleteRequest } from './api/delete-request';
import { usePatient } from './api/get-patient';

/**
 * Account deletion inside the app (app stores require it): a request that is carried out
 * after a grace period and can be withdrawn, or deletion at once with the password. After
 * an immediate deletion the screen says so itself: the session is gone, so any screen
 * that still asked the server would only be told to log in.
 */
export function PatientDeleteScreen({ area }: { area: Area }) {
  const [deleted, setDeleted] = useState(false);
  return deleted ? (
    <DeletionDone area={area} />
  ) : (
    <PatientDeleteForms area={area} onDeleted={() => setDeleted(true)} />
  );
}

function DeletionDone({ area }: { area: Area }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // The forms (and their queries' observers) are unmounted by now: nothing refetches.
  useEffect(() => queryClient.clear(), [queryClient]);
  return (
    <Page title={t('patientUx.deletedTitle')}>
      <div className="notice-box" role="status">
        <h2 className="section-title">{t('patientUx.deletedTitle')}</h2>
        <p className="form-intro">{t('patientUx.deletedBody')}</p>
      </div>
      <Button
        block
        size="large"
        color="primary"
        onClick={() => navigate(areaConfig[area].login, { replace: true })}
      >
        {t('patientUx.deletedHome')}
      </Button>
    </Page>
  );
}

function PatientDeleteForms({ area, onDeleted }: { area: Area; onDeleted: () => void }) {
  const { t, i18n } = useTranslation();
  const config = areaConfig[area];
  const patient = usePatient();
  const policy = useDeletionPolicy();
  const request = useDeleteRequest();
  const withdraw = useCancelDeleteRequest();
  const deleteNow = useDeletePatient();
  const [reason, setReason] = useState('');
  const [form] = Form.useForm<{ password: string }>();
  const [failure, setFailure] = useState<string | null>(null);
  const profile = patient.data;

  const askRequest = async () => {
    const confirmed = await Dialog.confirm({
      content: t('patientDelete.requestConfirm'),
      confirmText: t('patientDelete.request'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    request.mutate(
      { reason: reason.trim() || undefined },
      {
        onSuccess: (done) =>
          toast.success(t('patientDelete.requested', { date: formatDate(done.dueAt, i18n.language) })),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  const askWithdraw = () =>
    withdraw.mutate(undefined, {
      onSuccess: () => toast.success(t('patientDelete.withdrawn')),
      onError: (error) => toast.error(errorMessage(error)),
    });

  const askDeleteNow = async ({ password }: { password: string }) => {
    setFailure(null);
    const confirmed = await Dialog.confirm({
      content: t('patientDelete.nowConfirm'),
      confirmText: t('patientDelete.deleteNow'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    deleteNow.mutate(
      { password },
      {
        onSuccess: onDeleted,
        onError: (error) => {
          // The server's words name a login id, which this screen does not ask for.
          if (error instanceof ApiError && error.code === ResultCode.BAD_CREDENTIALS)
            setFailure(t('patientUx.wrongPassword'));
          else if (!applyFieldErrors(form, error)) setFailure(errorMessage(error));
        },
      },
    );
  };

  return (
    <Page title={t('patientDelete.title')} back={config.settingHome}>
      <DeletionFacts />
      {!profile && patient.isPending && <LoadingView />}
      {!profile && patient.isError && (
        <ErrorView message={errorMessage(patient.error)} onRetry={() => void patient.refetch()} />
      )}
      {profile && profile.deletionDueAt && (
        <Section title={t('patientDelete.pendingTitle')}>
          <p className="notice-box" role="status">
            {t('patientDelete.pending', { date: formatDateTime(profile.deletionDueAt, i18n.language) })}
          </p>
          <Button block size="large" color="primary" loading={withdraw.isPending} onClick={askWithdraw}>
            {t('patientDelete.withdraw')}
          </Button>
        </Section>
      )}
      {profile && !profile.deletionDueAt && (
        <Section title={t('patientDelete.requestTitle')}>
          {policy.data && (
            <p className="form-intro">{t('patientDelete.requestIntro', { days: policy.data.graceDays })}</p>
          )}
          <label className="field-label" htmlFor="deletion-reason">
            {t('patientDelete.reason')}
          </label>
          <TextArea
            id="deletion-reason"
            className="text-area-box"
            value={reason}
            onChange={setReason}
            maxLength={500}
            rows={3}
            placeholder={t('patientDelete.reasonPlaceholder')}
          />
          <Button
            block
            size="large"
            color="danger"
            fill="outline"
            loading={request.isPending}
            onClick={() => void askRequest()}
          >
            {t('patientDelete.request')}
          </Button>
        </Section>
      )}
      {profile && (
        <Section title={t('patientDelete.nowTitle')}>
          <p className="form-intro">{t('patientDelete.nowIntro')}</p>
          <Form
            form={form}
            layout="vertical"
            requiredMarkStyle="none"
            onFinish={(values) => void askDeleteNow(values)}
            footer={
              <Button block type="submit" size="large" color="danger" loading={deleteNow.isPending}>
                {t('patientDelete.deleteNow')}
              </Button>
            }
          >
            <Form.Item
              name="password"
              label={t('login.password')}
              rules={[rules.required(t('login.password'))]}
            >
              <Input type="password" autoComplete="current-password" />
            </Form.Item>
            {failure && (
              <p className="form-failure" role="alert">
                {failure}
              </p>
            )}
          </Form>
        </Section>
      )}
    </Page>
  );
}
