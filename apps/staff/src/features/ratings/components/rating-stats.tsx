import { useState } from 'react';
import { Card, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RatingStats, RatingSummary } from '@smartcare/contract/rating';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { formatDate } from '../../../lib/format';
import { useStats } from '../api/get-stats';
import './rating-stats.css';

type Row = RatingSummary & { key: string; name: string };

/**
 * `/ratings` ("평가"): the hospital's averages and star distributions per department, per
 * staff member (every member for ADMIN, one's own line otherwise: decision 028) and per month, and the latest comments. No patient
 * is ever named here.
 */
export function RatingStatsView() {
  const { t } = useTranslation();
  const [months, setMonths] = useState(6);
  const stats = useStats(months);

  return (
    <section className="rating-stats" aria-labelledby="rating-stats-title">
      <header className="rating-stats-head">
        <Typography.Title level={2} id="rating-stats-title">
          {t('ratings.title')}
        </Typography.Title>
        <label className="rating-stats-period">
          {t('ratings.period')}
          <Select
            value={months}
            onChange={setMonths}
            aria-label={t('ratings.period')}
            options={[1, 3, 6, 12].map((m) => ({ value: m, label: t('ratings.months', { count: m }) }))}
          />
        </label>
      </header>
      {stats.isPending && <LoadingState />}
      {stats.isError && <ErrorState error={stats.error} onRetry={() => void stats.refetch()} />}
      {stats.isSuccess && stats.data.overall.count === 0 && <EmptyState text={t('ratings.empty')} />}
      {stats.isSuccess && stats.data.overall.count > 0 && <StatsBody stats={stats.data} />}
    </section>
  );
}

function StatsBody({ stats }: { stats: RatingStats }) {
  const { t, i18n } = useTranslation();
  const columns = (nameTitle: string): TableColumnsType<Row> => [
    { title: nameTitle, dataIndex: 'name', key: 'name' },
    { title: t('ratings.count'), dataIndex: 'count', key: 'count' },
    {
      title: t('ratings.average'),
      key: 'average',
      render: (_, r) => (r.average === null ? '–' : r.average.toFixed(2)),
    },
    { title: t('ratings.distribution'), key: 'distribution', render: (_, r) => <Distribution summary={r} /> },
  ];
  const departments: Row[] = stats.departments.map((d) => ({ ...d, key: d.department, name: d.department }));
  const staff: Row[] | null =
    stats.staff?.map((s) => ({ ...s, key: String(s.staffIdx), name: s.staffName })) ?? null;
  const months: Row[] = stats.months.map((m) => ({ ...m, key: m.month, name: m.month }));

  return (
    <>
      <Card>
        <p className="rating-stats-overall" data-testid="rating-overall">
          {t('ratings.overall', {
            average: stats.overall.average?.toFixed(2) ?? '–',
            count: stats.overall.count,
          })}
        </p>
        <Distribution summary={stats.overall} />
      </Card>
      <Typography.Title level={3}>{t('ratings.byDepartment')}</Typography.Title>
      <Table
        rowKey="key"
        columns={columns(t('ratings.department'))}
        dataSource={departments}
        pagination={false}
      />
      {staff && staff.length > 0 && (
        <>
          <Typography.Title level={3}>{t('ratings.byStaff')}</Typography.Title>
          <Table rowKey="key" columns={columns(t('ratings.staff'))} dataSource={staff} pagination={false} />
        </>
      )}
      <Typography.Title level={3}>{t('ratings.byMonth')}</Typography.Title>
      <Table rowKey="key" columns={columns(t('ratings.month'))} dataSource={months} pagination={false} />
      <Typography.Title level={3}>{t('ratings.comments')}</Typography.Title>
      {stats.comments.length === 0 ? (
        <EmptyState text={t('ratings.noComments')} />
      ) : (
        <ul className="rating-comments">
          {stats.comments.map((c) => (
            <li key={c.idx}>
              <span className="rating-comment-stars">{t('ratings.stars', { count: c.stars })}</span>
              <span>{c.department}</span>
              <span className="rating-comment-date">{formatDate(c.createdAt, i18n.language)}</span>
              {c.tags.map((tag) => (
                <Tag key={tag}>{t(`ratings.tags.${tag}`)}</Tag>
              ))}
              <p className="rating-comment-text">{c.comment}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Five bars, 1 to 5 stars, each with its count in words for screen readers. */
function Distribution({ summary }: { summary: RatingSummary }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...summary.distribution);
  return (
    <ol className="rating-bars">
      {summary.distribution.map((n, i) => (
        <li key={i} aria-label={t('ratings.barLabel', { stars: i + 1, count: n })}>
          <span aria-hidden="true">{i + 1}★</span>
          <span className="rating-bar" aria-hidden="true">
            <span style={{ width: `${(n / max) * 100}%` }} />
          </span>
          <span aria-hidden="true">{n}</span>
        </li>
      ))}
    </ol>
  );
}
