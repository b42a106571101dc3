import type { DocumentRequest } from '@smartcare/contract/document-request';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Page } from '../../components/ui/page';
import { EmptyView, ErrorView, LoadingView } from '../../components/ui/state-views';
import { areaConfig, type Area } from '../../config/area';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { formatDate } from '../../lib/date-format';
import { useSession } from '../../lib/use-session';
import { useMyRequests } from './api/get-my-requests';
import { DocumentRequestForm } from './document-request-form';
import { StatusChip } from './document-request-parts';
import { useDocumentLive } from './use-document-live';
import './document-request.css';

/**
 * `/hospital/documentrequest/list`: the patient's requests, live; `?new=1` shows the request
 * form there (the spec names no form route, so the form sits where the list leads).
 */
export function DocumentRequestListScreen({ area }: { area: Area }) {
  const { t } = useTranslation();
  const config = areaConfig[area];
  const { accessToken, myData } = useSession();
  const [search, setSearch] = useSearchParams();
  const hospitalChosen = Boolean(myData?.choseHospitalIdx);
  const requests = useMyRequests(Boolean(accessToken) && hospitalChosen);
  useDocumentLive();

  if (!accessToken) return <Navigate to={config.login} replace />;
  if (myData && !hospitalChosen)
    return (
      <Navigate
        to={`${config.common.hospitalSelect.href()}?next=${encodeURIComponent(paths.hospital.documentRequestList.href())}`}
        replace
      />
    );

  if (search.get('new') === '1')
    return (
      <Page title={t('documentRequestScreens.formTitle')} back={paths.hospital.documentRequestList.href()}>
        <DocumentRequestForm onDone={() => setSearch({}, { replace: true })} />
      </Page>
    );

  return (
    <Page title={t('documentRequestScreens.title')} back={config.home}>
      <p className="form-intro">{t('documentRequestScreens.intro')}</p>
      <Link className="btn btn-primary btn-block" to={`${paths.hospital.documentRequestList.href()}?new=1`}>
        {t('documentRequestScreens.newRequest')}
      </Link>
      {requests.isPending && <LoadingView />}
      {requests.isError && (
        <ErrorView message={errorMessage(requests.error)} onRetry={() => void requests.refetch()} />
      )}
      {requests.isSuccess && requests.data.length === 0 && (
        <EmptyView>{t('documentRequestScreens.empty')}</EmptyView>
      )}
      {requests.isSuccess && requests.data.length > 0 && (
        <ul className="doc-list" aria-live="polite">
          {requests.data.map((request) => (
            <RequestRow key={request.idx} request={request} />
          ))}
        </ul>
      )}
    </Page>
  );
}

function RequestRow({ request }: { request: DocumentRequest }) {
  const { t } = useTranslation();
  return (
    <li>
      <Link className="doc-card" to={paths.hospital.documentRequestDetail.href(request.idx)}>
        <span className="doc-card-top">
          <span className="doc-card-title">{t(`documentRequestScreens.types.${request.type}`)}</span>
          <StatusChip status={request.status} />
        </span>
        <span className="doc-card-meta">
          {request.department} · {t('documentRequestScreens.copiesValue', { count: request.copies })} ·{' '}
          {t(`documentRequestScreens.deliveries.${request.delivery}`)}
        </span>
        <span className="doc-card-meta">
          {t('documentRequestScreens.requestedAt')} {formatDate(request.requestedAt)}
        </span>
      </Link>
    </li>
  );
}
