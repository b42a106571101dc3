import '../../lib/antd-mobile';
import type { Hospital } from '@smartcare/contract/hospital';
import SearchBar from 'antd-mobile/es/components/search-bar';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AppIcon } from '../../components/ui/icons';
import { Page } from '../../components/ui/page';
import { EmptyView, ErrorView, LoadingView } from '../../components/ui/state-views';
import { areaConfig, type Area } from '../../config/area';
import { errorMessage } from '../../lib/api-error';
import { toast } from '../../lib/toast';
import { useSession } from '../../lib/use-session';
import { useHospitalList } from './api/get-hospital-list';
import { useUpdateMyData } from './api/update-my-data';

/**
 * Choose the hospital (required before chat, spec §5). `?next=` is where the patient was
 * going when the home sent them here; they continue there once a hospital is chosen.
 */
export function HospitalSelectScreen({ area }: { area: Area }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const config = areaConfig[area];
  const [keyword, setKeyword] = useState('');
  const deferredKeyword = useDeferredValue(keyword);
  const hospitals = useHospitalList(deferredKeyword);
  const update = useUpdateMyData();
  const chosenIdx = useSession().myData?.choseHospitalIdx ?? null;
  const next = searchParams.get('next');

  const choose = (hospital: Hospital) => {
    update.mutate(
      { choseHospitalIdx: hospital.idx },
      {
        onSuccess: () => {
          toast.success(t('hospitalSelect.chosen', { name: hospital.name }));
          navigate(next && next.startsWith('/') ? next : config.home, { replace: true });
        },
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  const list = (hospitals.data ?? []).filter((h) => h.areas.includes(config.careArea));

  return (
    <Page title={t('hospitalSelect.title')} back={config.home}>
      {next && <p className="notice-box">{t('hospitalSelect.requiredForChat')}</p>}
      <div className="search-box">
        <SearchBar
          placeholder={t('hospitalSelect.searchPlaceholder')}
          value={keyword}
          onChange={setKeyword}
          aria-label={t('hospitalSelect.search')}
        />
      </div>
      {hospitals.isPending && <LoadingView />}
      {hospitals.isError && (
        <ErrorView message={errorMessage(hospitals.error)} onRetry={() => void hospitals.refetch()} />
      )}
      {hospitals.isSuccess && list.length === 0 && (
        <EmptyView>
          {keyword ? t('hospitalSelect.noResult', { keyword }) : t('hospitalSelect.empty')}
        </EmptyView>
      )}
      {list.length > 0 && (
        <ul className="menu-list" aria-label={t('hospitalSelect.listLabel')} aria-busy={hospitals.isFetching}>
          {list.map((hospital) => {
            const chosen = hospital.idx === chosenIdx;
            return (
              <li key={hospital.idx}>
                <button
                  type="button"
                  className={`menu-row hospital-row${chosen ? ' hospital-row-chosen' : ''}`}
                  aria-pressed={chosen}
                  disabled={update.isPending}
                  onClick={() => choose(hospital)}
                >
                  <span className="menu-row-text">
                    <span className="menu-row-label">{hospital.name}</span>
                    <span className="menu-row-description">{hospital.address}</span>
                    <span className="menu-row-description">{hospital.phone}</span>
                  </span>
                  {chosen && (
                    <span className="menu-row-extra chosen-mark">
                      <AppIcon name="check" /> {t('hospitalSelect.current')}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Page>
  );
}
