import { useState } from 'react';
import { Input, Pagination, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WatchPatient } from '@smartcare/contract/home-care-watch';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { useWatchList } from '../api/get-watch-list';
import { formatDateTime } from '../reading-words';
import { OpenAlerts } from './open-alerts';
import { ReadingChip } from './reading-chip';
import { StaleDaysSetting } from './stale-days-setting';
import '../home-care.css';

const PAGE_SIZE = 20;

/** Why the patient sits where they do, in words (never colour alone). */
function GroupTag({ patient }: { patient: WatchPatient }) {
  const { t } = useTranslation();
  if (patient.group === 'OUT_OF_RANGE')
    return (
      <Tag color="#c92a2a" variant="solid">
        {t('homeCare.group.OUT_OF_RANGE', { count: patient.outOfRangeCount })}
      </Tag>
    );
  if (patient.group === 'MISSED_DOSES')
    return (
      <Tag color="#c92a2a" variant="solid">
        {t('homeCare.group.MISSED_DOSES', { count: patient.missedDosesToday })}
      </Tag>
    );
  if (patient.group === 'STALE')
    return (
      <Tag color="#8a6100" variant="solid">
        {patient.daysSinceLast === null
          ? t('homeCare.group.NEVER')
          : t('homeCare.group.STALE', { days: patient.daysSinceLast })}
      </Tag>
    );
  return (
    <Tag color="#2b8a3e" variant="solid">
      {t('homeCare.group.OK')}
    </Tag>
  );
}

/**
 * `/home-care`: the hospital's home-care patients, out of range in the last 24 h first, then
 * "N일째 기록 없음", then the rest (issue 13); search by name, pages of 20, open alerts on top.
 */
export function WatchList() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [pNum, setPNum] = useState(1);
  const list = useWatchList(search, pNum, PAGE_SIZE);

  return (
    <section className="board home-care" aria-labelledby="home-care-title">
      <div className="board-head home-care-head">
        <div>
          <Typography.Title level={2} id="home-care-title" className="panel-title">
            {t('homeCare.title')}
          </Typography.Title>
          {list.data && (
            <Typography.Text type="secondary">
              {t('homeCare.subtitle', { days: list.data.staleDays })}
            </Typography.Text>
          )}
        </div>
        <StaleDaysSetting />
      </div>
      <OpenAlerts />
      <div className="home-care-tools">
        <Input.Search
          className="home-care-search"
          aria-label={t('homeCare.searchLabel')}
          placeholder={t('homeCare.searchPlaceholder')}
          allowClear
          maxLength={50}
          onSearch={(value) => {
            setSearch(value.trim());
            setPNum(1);
          }}
        />
        {list.data && (
          <span className="board-count" aria-live="polite">
            {t('homeCare.count', { count: list.data.totalCount })}
          </span>
        )}
      </div>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.dataList.length === 0 ? (
        <EmptyState text={search ? t('homeCare.emptySearch', { q: search }) : t('homeCare.empty')} />
      ) : (
        <>
          <ul className="watch-list" aria-label={t('homeCare.title')}>
            {list.data.dataList.map((patient) => (
              <li
                key={patient.patientIdx}
                className={`watch-row watch-row-${patient.group}`}
                data-patient-idx={patient.patientIdx}
              >
                <div className="watch-row-head">
                  <Link
                    to={paths.homeCarePatient.href(patient.patientIdx)}
                    className="watch-row-name"
                    aria-label={t('homeCare.open', { name: patient.name })}
                  >
                    {patient.name}
                  </Link>
                  <GroupTag patient={patient} />
                  {patient.group !== 'MISSED_DOSES' && patient.missedDosesToday > 0 && (
                    <Tag color="#8a6100" variant="solid">
                      {t('homeCare.group.MISSED_DOSES', { count: patient.missedDosesToday })}
                    </Tag>
                  )}
                  {patient.openAlertCount > 0 && (
                    <Tag color="#5c0011" variant="solid">
                      {t('homeCare.openAlerts', { count: patient.openAlertCount })}
                    </Tag>
                  )}
                  <span className="watch-row-last">
                    {patient.lastReadingAt
                      ? t('homeCare.lastReading', {
                          time: formatDateTime(patient.lastReadingAt, i18n.language),
                        })
                      : t('homeCare.noReadings')}
                  </span>
                </div>
                {patient.latest.length > 0 && (
                  <div className="watch-row-readings">
                    {patient.latest.map((reading) => (
                      <ReadingChip key={reading.kind} reading={reading} />
                    ))}
                  </div>
                )}
              </li>
            ))}
          </ul>
          {list.data.totalCount > PAGE_SIZE && (
            <nav aria-label={t('homeCare.pageLabel')}>
              <Pagination
                current={pNum}
                pageSize={PAGE_SIZE}
                total={list.data.totalCount}
                showSizeChanger={false}
                onChange={setPNum}
              />
            </nav>
          )}
        </>
      )}
    </section>
  );
}
