import '../../lib/antd-mobile';
import Dialog from 'antd-mobile/es/components/dialog';
import { useTranslation } from 'react-i18next';
import { MenuList, Section } from '../../components/ui/menu-list';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { errorMessage } from '../../lib/api-error';
import { formatDate } from '../../lib/date-format';
import { toast } from '../../lib/toast';
import { useKakaoEnabled, useKakaoLinkStatus, useKakaoUnlink } from './api/kakao-link';

/**
 * Settings' "로그인 연결" (issue 12): whether the account logs in with Kakao, and the
 * unlink. Hidden when Kakao login is not configured and the account has no link. An
 * account without a password cannot unlink (it would have no way back in): it says so.
 */
export function KakaoLinkSection() {
  const { t, i18n } = useTranslation();
  const enabled = useKakaoEnabled();
  const status = useKakaoLinkStatus();
  const unlink = useKakaoUnlink();
  const linked = status.data?.linked ?? false;
  if (!enabled.data && !linked) return null;

  const confirmUnlink = async () => {
    const confirmed = await Dialog.confirm({
      content: t('kakaoLink.unlinkConfirm'),
      confirmText: t('kakaoLink.unlink'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    unlink.mutate(undefined, {
      onSuccess: () => toast.success(t('kakaoLink.unlinked')),
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  const row = () => {
    const data = status.data!;
    if (!data.linked)
      return { key: 'kakao', label: t('kakaoLink.kakao'), description: t('kakaoLink.notLinked') };
    const since = data.linkedAt
      ? t('kakaoLink.linkedSince', { date: formatDate(data.linkedAt, i18n.language) })
      : '';
    if (!data.hasPassword)
      return {
        key: 'kakao',
        label: t('kakaoLink.kakao'),
        description: `${since} ${t('kakaoLink.onlyWayIn')}`.trim(),
      };
    return {
      key: 'kakao',
      label: t('kakaoLink.kakao'),
      description: since,
      extra: unlink.isPending ? t('common.loading') : t('kakaoLink.unlink'),
      onClick: unlink.isPending ? undefined : () => void confirmUnlink(),
    };
  };

  return (
    <Section title={t('kakaoLink.title')}>
      {status.isPending && <LoadingView />}
      {status.isError && (
        <ErrorView message={errorMessage(status.error)} onRetry={() => void status.refetch()} />
      )}
      {status.isSuccess && <MenuList rows={[row()]} />}
    </Section>
  );
}
