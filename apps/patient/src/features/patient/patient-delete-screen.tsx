import '../../lib/antd-mobile';
import Button from 'antd-mobile/es/components/button';
import Dialog from 'antd-mobile/es/components/dialog';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import TextArea from 'antd-mobile/es/components/text-area';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeletionFacts } from '../../components/ui/deletion-facts';
import { Section } from '../../components/ui/menu-list';
import { Page } from '../../components/ui/page';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { areaConfig, type Area } from '../../config/area';
import { formatDate, formatDateTime } from '../../lib/date-format';
import { errorMessage } from '../../lib/api-error';
import { applyFieldErrors, rules } from '../../lib/form-rules';
import { toast } from '../../lib/toast';
import { useCancelDeleteRequest } from './api/cancel-delete-request';
import { useDeletePatient } from './api/delete-patient';
import { useDeleteRequest } from './api/delete-request';
import { usePatient } from './api/get-patient';

/**
 * Account deletion inside the app (app stores require it): a request that is carried out
 * after a grace period and can be withdrawn, or deletion at once with the password.
 */
export function PatientDeleteScreen({ area }: { area: Area }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const config = areaConfig[area];
  const patient = usePatient();
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
        onSuccess: () => {
          toast.success(t('patientDelete.deleted'));
          navigate(config.login, { replace: true });
        },
        onError: (error) => {
          if (!applyFieldErrors(form, error)) setFailure(errorMessage(error));
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
          <p className="form-intro">{t('patientDelete.requestIntro')}</p>
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
