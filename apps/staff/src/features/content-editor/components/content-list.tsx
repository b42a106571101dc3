import { useMemo, useState } from 'react';
import {
  App,
  Button,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  CONTENT_KINDS,
  type ContentKind,
  type ContentStatus as Status,
  type EditorContent,
} from '@smartcare/contract/hospital-content';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/error-message';
import { useContentAction, useEditorList } from '../api/content-editor';
import { ContentStatus } from './content-status';
import { formatDateTime } from './format';
import './content-editor.css';

type StatusFilter = 'ALL' | Status;
const STATUS_FILTERS: StatusFilter[] = ['ALL', 'DRAFT', 'SCHEDULED', 'PUBLISHED', 'UNPUBLISHED', 'DELETED'];

/** Spacing and case do not matter when searching the list. */
const fold = (text: string) => text.replace(/\s+/g, '').toLowerCase();

/**
 * `/content`: the hospital's notices, FAQ entries and guides, one tab per kind, with their
 * state, filters by state and category, and a search over titles, categories and keywords.
 * Deleted items are listed (with the days left to restore them) under the "deleted" filter.
 */
export function ContentList({
  kind,
  onKindChange,
}: {
  kind: ContentKind;
  onKindChange: (kind: ContentKind) => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [status, setStatus] = useState<StatusFilter>('ALL');
  const [category, setCategory] = useState<string | null>(null);
  const [keyword, setKeyword] = useState('');
  const deleted = status === 'DELETED';
  const list = useEditorList(kind, deleted);
  const action = useContentAction();

  const categories = useMemo(
    () => [...new Set((list.data ?? []).map((c) => c.category))].sort((a, b) => a.localeCompare(b, 'ko')),
    [list.data],
  );
  const shown = useMemo(() => {
    const needle = fold(keyword);
    return (list.data ?? []).filter(
      (c) =>
        (status === 'ALL' || status === 'DELETED' || c.status === status) &&
        (category === null || c.category === category) &&
        (needle === '' || fold(`${c.title} ${c.category} ${c.keywords}`).includes(needle)),
    );
  }, [list.data, status, category, keyword]);

  const restore = (content: EditorContent) =>
    action.mutate(
      { action: 'restore', idx: content.idx },
      {
        onSuccess: () => void message.success(t('contentEditor.restored', { title: content.title })),
        onError: (error) =>
          void message.error(`${t('contentEditor.actionFailed')} ${errorMessage(error, t)}`),
      },
    );

  const columns: TableColumnsType<EditorContent> = [
    {
      title: kind === 'FAQ' ? t('contentEditor.columns.question') : t('contentEditor.columns.title'),
      key: 'title',
      render: (_, c) => (
        <Space orientation="vertical" size={2}>
          {deleted ? (
            <span className="ce-title">{c.title}</span>
          ) : (
            <Link to={paths.contentEdit.href(c.idx)} className="ce-title">
              {c.title}
            </Link>
          )}
          <Space size={4} wrap>
            {c.pinned && (
              <Tag color="#0958d9" variant="solid">
                {t('contentEditor.pinned')}
              </Tag>
            )}
            {c.important && (
              <Tag color="#a8071a" variant="solid">
                {t('contentEditor.important')}
              </Tag>
            )}
            {c.attachments.length > 0 && (
              <Tag>{t('contentEditor.attachmentCount', { count: c.attachments.length })}</Tag>
            )}
          </Space>
        </Space>
      ),
    },
    // Below 768 px the category and the last change give way to the title (360 px, 200 % text).
    {
      title: t('contentEditor.columns.category'),
      key: 'category',
      dataIndex: 'category',
      width: 140,
      responsive: ['md'],
    },
    ...(kind === 'NOTICE'
      ? []
      : [
          {
            title: t('contentEditor.columns.order'),
            key: 'order',
            dataIndex: 'sortOrder',
            width: 80,
            responsive: ['md' as const],
          },
        ]),
    {
      title: t('contentEditor.columns.status'),
      key: 'status',
      render: (_, c) => <ContentStatus content={c} />,
    },
    {
      title: t('contentEditor.columns.updated'),
      key: 'updated',
      width: 200,
      responsive: ['md'],
      render: (_, c) => (
        <span className="ce-updated">
          {formatDateTime(c.updatedAt, i18n.language)}
          <br />
          {c.updatedByName ?? c.createdByName ?? t('contentEditor.history.unknownStaff')}
        </span>
      ),
    },
    {
      title: t('contentEditor.columns.actions'),
      key: 'actions',
      render: (_, c) =>
        deleted ? (
          <Popconfirm
            title={t('contentEditor.restoreConfirm', { title: c.title })}
            okText={t('contentEditor.actions.restore')}
            cancelText={t('contentEditor.cancel')}
            onConfirm={() => restore(c)}
          >
            <Button aria-label={t('contentEditor.restoreLabel', { title: c.title })}>
              {t('contentEditor.actions.restore')}
            </Button>
          </Popconfirm>
        ) : (
          <Button
            aria-label={t('contentEditor.editLabel', { title: c.title })}
            onClick={() => void navigate(paths.contentEdit.href(c.idx))}
          >
            {t('contentEditor.actions.edit')}
          </Button>
        ),
    },
  ];

  return (
    <section className="board" aria-labelledby="content-title">
      <div className="board-head">
        <div>
          <Typography.Title level={2} id="content-title" className="panel-title">
            {t('contentEditor.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('contentEditor.subtitle')}</Typography.Text>
        </div>
        <Button type="primary" onClick={() => void navigate(paths.contentNew.href(kind))}>
          {t(`contentEditor.new.${kind}`)}
        </Button>
      </div>
      <Tabs
        activeKey={kind}
        onChange={(key) => {
          onKindChange(key as ContentKind);
          setCategory(null);
        }}
        items={CONTENT_KINDS.map((k) => ({ key: k, label: t(`contentEditor.kinds.${k}`) }))}
      />
      <div className="ce-filters" role="search" aria-label={t('contentEditor.filters.label')}>
        <label className="ce-filter">
          <span>{t('contentEditor.filters.status')}</span>
          <Select<StatusFilter>
            value={status}
            onChange={setStatus}
            aria-label={t('contentEditor.filters.status')}
            options={STATUS_FILTERS.map((s) => ({
              value: s,
              label:
                s === 'DELETED'
                  ? t('contentEditor.filters.deleted')
                  : t(s === 'ALL' ? 'contentEditor.filters.all' : `contentEditor.status.${s}`),
            }))}
            className="ce-select"
          />
        </label>
        <label className="ce-filter">
          <span>{t('contentEditor.filters.category')}</span>
          <Select<string>
            value={category ?? ''}
            onChange={(value) => setCategory(value === '' ? null : value)}
            aria-label={t('contentEditor.filters.category')}
            options={[
              { value: '', label: t('contentEditor.filters.all') },
              ...categories.map((c) => ({ value: c, label: c })),
            ]}
            className="ce-select"
          />
        </label>
        <Input.Search
          className="ce-search"
          allowClear
          maxLength={50}
          placeholder={t('contentEditor.filters.search')}
          aria-label={t('contentEditor.filters.search')}
          onChange={(event) => setKeyword(event.target.value)}
          onSearch={setKeyword}
        />
      </div>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <Table<EditorContent>
          rowKey="idx"
          columns={columns}
          dataSource={shown}
          loading={list.isFetching}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          locale={{
            emptyText: (
              <EmptyState
                text={
                  (list.data ?? []).length === 0
                    ? t(deleted ? 'contentEditor.emptyDeleted' : `contentEditor.empty.${kind}`)
                    : t('contentEditor.noMatch')
                }
              />
            ),
          }}
        />
      )}
    </section>
  );
}
