import { useEffect, useMemo, useState } from 'react';
import {
  App,
  AutoComplete,
  Button,
  Checkbox,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  CATEGORY_MAX,
  CONTENT_ATTACHMENTS_MAX,
  KEYWORDS_MAX,
  TITLE_MAX,
  type ContentFile,
  type ContentKind,
  type EditorContent,
} from '@smartcare/contract/hospital-content';
import { ErrorState, LoadingState } from '../../../components/ui/query-state';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useContentAction, useEditorContent, useEditorList, useUploadFile } from '../api/content-editor';
import { ContentHistory } from './content-history';
import { ContentStatus } from './content-status';
import { formatDateTime } from './format';
import { PhonePreview } from './phone-preview';
import { RichTextField } from './rich-text-field';
import { FILE_ACCEPT, IMAGE_ACCEPT, LIMITS_MB, isImage, refuseUpload } from './upload-limits';
import './content-editor.css';

/** The guide categories a Korean hospital uses (issue 14); editors may type others. */
const GUIDE_CATEGORIES = [
  '진료과 안내',
  '층별 안내',
  '주차',
  '면회',
  '입원·퇴원',
  '제증명 발급',
  '편의시설',
  '오시는 길',
];

interface Values {
  category: string;
  title: string;
  body: string;
  pinned: boolean;
  important: boolean;
  sortOrder: number;
  keywords: string;
  relatedIdxs: number[];
}

/** `/content/new?kind=…` and `/content/{idx}`: the editor's form for one item. */
export function ContentEditorScreen({ idx, newKind }: { idx: number | null; newKind: ContentKind }) {
  const { t } = useTranslation();
  const content = useEditorContent(idx);
  if (idx !== null && content.isPending) return <LoadingState />;
  if (idx !== null && content.isError)
    return (
      <section className="board">
        <ErrorState error={content.error} onRetry={() => void content.refetch()} />
        <Link to={paths.content.href()}>{t('contentEditor.backToList')}</Link>
      </section>
    );
  // A fresh form per item: switching items never carries one item's fields into another.
  return (
    <ContentForm
      key={idx ?? `new-${newKind}`}
      content={content.data ?? null}
      kind={content.data?.kind ?? newKind}
    />
  );
}

function ContentForm({ content, kind }: { content: EditorContent | null; kind: ContentKind }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const action = useContentAction();
  const upload = useUploadFile();
  const siblings = useEditorList(kind, false);
  const [image, setImage] = useState<ContentFile | null>(content?.image ?? null);
  const [attachments, setAttachments] = useState<ContentFile[]>(content?.attachments ?? []);
  const [publishAt, setPublishAt] = useState<Dayjs | null>(null);
  // A new item's preview survives the move to its own address (the form is made afresh there).
  const location = useLocation();
  const [preview, setPreview] = useState<EditorContent | null>(
    (location.state as { preview?: boolean } | null)?.preview ? content : null,
  );
  const deleted = content?.status === 'DELETED';

  useEffect(() => {
    form.setFieldsValue({
      category: content?.category ?? '',
      title: content?.title ?? '',
      body: content?.body ?? '',
      pinned: content?.pinned ?? false,
      important: content?.important ?? false,
      sortOrder: content?.sortOrder ?? 0,
      keywords: content?.keywords ?? '',
      relatedIdxs: content?.relatedIdxs ?? [],
    });
  }, [content, form]);

  const categoryOptions = useMemo(() => {
    const own = (siblings.data ?? []).map((c) => c.category);
    return [...new Set([...(kind === 'GUIDE' ? GUIDE_CATEGORIES : []), ...own])].map((value) => ({ value }));
  }, [siblings.data, kind]);
  const relatedOptions = (siblings.data ?? [])
    .filter((c) => c.idx !== content?.idx)
    .map((c) => ({ value: c.idx, label: c.title }));

  const failed = (error: unknown) => {
    if (error instanceof ApiError) {
      const fields = error.fieldErrors();
      const known = new Set(['category', 'title', 'body', 'keywords', 'relatedIdxs', 'sortOrder']);
      const onForm = fields.filter((f) => known.has(f.field));
      if (onForm.length > 0)
        form.setFields(onForm.map((f) => ({ name: f.field as keyof Values, errors: [f.message] })));
    }
    void message.error(`${t('contentEditor.actionFailed')} ${errorMessage(error, t)}`);
  };

  /** Saves the form (a new item as a draft) and answers the stored item, or null when refused. */
  const save = async (): Promise<EditorContent | null> => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      void message.error(t('contentEditor.form.fixErrors'));
      return null;
    }
    const fields = {
      category: values.category.trim(),
      title: values.title.trim(),
      body: values.body,
      pinned: kind === 'NOTICE' && values.pinned,
      important: kind === 'NOTICE' && values.important,
      sortOrder: kind === 'NOTICE' ? 0 : (values.sortOrder ?? 0),
      keywords: kind === 'NOTICE' ? '' : values.keywords.trim(),
      imageKey: image?.fileKey ?? null,
      attachmentKeys: attachments.map((a) => a.fileKey),
      relatedIdxs: kind === 'GUIDE' ? values.relatedIdxs : [],
    };
    try {
      return content
        ? await action.mutateAsync({ action: 'update', body: { idx: content.idx, ...fields } })
        : await action.mutateAsync({ action: 'create', body: { kind, ...fields } });
    } catch (error) {
      failed(error);
      return null;
    }
  };

  const afterSave = (saved: EditorContent, state?: { preview: boolean }) => {
    if (!content) void navigate(paths.contentEdit.href(saved.idx), { replace: true, state });
  };

  const onSave = async () => {
    const saved = await save();
    if (!saved) return;
    void message.success(t('contentEditor.saved'));
    afterSave(saved);
  };

  const onPublish = async (at: Dayjs | null) => {
    if (at && !at.isAfter(dayjs())) {
      void message.error(t('contentEditor.publish.pastTime'));
      return;
    }
    const saved = await save();
    if (!saved) return;
    try {
      const published = await action.mutateAsync({
        action: 'publish',
        idx: saved.idx,
        publishAt: at ? at.toISOString() : undefined,
      });
      void message.success(
        t(
          published.status === 'SCHEDULED' ? 'contentEditor.publish.scheduled' : 'contentEditor.publish.done',
        ),
      );
      afterSave(saved);
    } catch (error) {
      failed(error);
    }
  };

  const simple = (name: 'unpublish' | 'delete' | 'restore', done: string) => {
    if (!content) return;
    action.mutate(
      { action: name, idx: content.idx },
      {
        onSuccess: () => {
          void message.success(t(done, { title: content.title }));
          if (name === 'delete') void navigate(paths.content.href());
        },
        onError: failed,
      },
    );
  };

  const onPreview = async () => {
    const saved = await save();
    if (!saved) return;
    setPreview(saved);
    afterSave(saved, { preview: true });
  };

  const pickFile = async (file: File | undefined, as: 'image' | 'attachment') => {
    if (!file) return;
    const refusal = refuseUpload(file, as === 'image');
    if (refusal) {
      void message.error(t(`contentEditor.upload.${refusal}`, LIMITS_MB));
      return;
    }
    if (as === 'attachment' && attachments.length >= CONTENT_ATTACHMENTS_MAX) {
      void message.error(t('contentEditor.upload.tooMany', { max: CONTENT_ATTACHMENTS_MAX }));
      return;
    }
    try {
      const uploaded = await upload.mutateAsync(file);
      if (as === 'image') setImage(uploaded);
      else setAttachments((list) => [...list, uploaded]);
      void message.success(t('contentEditor.upload.done', { name: file.name }));
    } catch (error) {
      void message.error(`${t('contentEditor.upload.failed')} ${errorMessage(error, t)}`);
    }
  };

  const busy = action.isPending || upload.isPending;
  type Field = 'category' | 'title' | 'question' | 'body' | 'answer';
  const text = (max: number, field: Field) => [
    { required: true, whitespace: true, message: t(`contentEditor.form.required.${field}`) },
    { max, message: t('contentEditor.form.tooLong', { max }) },
  ];
  const titleField: Field = kind === 'FAQ' ? 'question' : 'title';
  const bodyField: Field = kind === 'FAQ' ? 'answer' : 'body';
  const titleLabel = t(`contentEditor.form.${titleField}`);
  const bodyLabel = t(`contentEditor.form.${bodyField}`);

  return (
    <section className="board ce-editor" aria-labelledby="ce-form-title">
      <div className="board-head">
        <div>
          <Link to={paths.content.href()} className="ce-back">
            {t('contentEditor.backToList')}
          </Link>
          <Typography.Title level={2} id="ce-form-title" className="panel-title">
            {content ? t(`contentEditor.editTitle.${kind}`) : t(`contentEditor.new.${kind}`)}
          </Typography.Title>
        </div>
        {content && <ContentStatus content={content} />}
      </div>
      <div className="ce-columns">
        <Form<Values> form={form} layout="vertical" requiredMark className="ce-form" disabled={deleted}>
          <Form.Item
            name="category"
            label={t('contentEditor.form.category')}
            rules={text(CATEGORY_MAX, 'category')}
          >
            <AutoComplete options={categoryOptions} maxLength={CATEGORY_MAX} filterOption />
          </Form.Item>
          <Form.Item name="title" label={titleLabel} rules={text(TITLE_MAX, titleField)}>
            <Input maxLength={TITLE_MAX} />
          </Form.Item>
          <Form.Item
            name="body"
            label={bodyLabel}
            rules={[
              { required: true, whitespace: true, message: t(`contentEditor.form.required.${bodyField}`) },
            ]}
          >
            <RichTextField />
          </Form.Item>
          {kind === 'NOTICE' && (
            <div className="ce-checks">
              <Form.Item name="pinned" valuePropName="checked" className="ce-check">
                <Checkbox>{t('contentEditor.form.pinned')}</Checkbox>
              </Form.Item>
              <Form.Item
                name="important"
                valuePropName="checked"
                className="ce-check"
                extra={t('contentEditor.form.importantHint')}
              >
                <Checkbox disabled={deleted || Boolean(content?.importantPushedAt)}>
                  {t('contentEditor.form.important')}
                </Checkbox>
              </Form.Item>
              {content?.importantPushedAt && (
                <p className="ce-hint">
                  {t('contentEditor.form.pushedAt', {
                    at: formatDateTime(content.importantPushedAt, i18n.language),
                  })}
                </p>
              )}
            </div>
          )}
          {kind !== 'NOTICE' && (
            <Form.Item
              name="sortOrder"
              label={t('contentEditor.form.order')}
              extra={t('contentEditor.form.orderHint')}
              rules={[
                { type: 'integer', min: 0, max: 100_000, message: t('contentEditor.form.orderInvalid') },
              ]}
            >
              <InputNumber min={0} max={100_000} precision={0} />
            </Form.Item>
          )}
          {kind !== 'NOTICE' && (
            <Form.Item
              name="keywords"
              label={t('contentEditor.form.keywords')}
              extra={t('contentEditor.form.keywordsHint')}
              rules={[{ max: KEYWORDS_MAX, message: t('contentEditor.form.tooLong', { max: KEYWORDS_MAX }) }]}
            >
              <Input maxLength={KEYWORDS_MAX} />
            </Form.Item>
          )}
          {kind === 'GUIDE' && (
            <Form.Item
              name="relatedIdxs"
              label={t('contentEditor.form.related')}
              extra={t('contentEditor.form.relatedHint')}
            >
              <Select mode="multiple" options={relatedOptions} optionFilterProp="label" maxCount={10} />
            </Form.Item>
          )}

          <fieldset className="ce-files">
            <legend>{t('contentEditor.form.files')}</legend>
            <p className="ce-hint">{t('contentEditor.upload.limits', LIMITS_MB)}</p>
            <div className="ce-file-row">
              <span className="ce-file-label">{t('contentEditor.form.image')}</span>
              {image ? (
                <Space wrap>
                  <img src={image.url} alt="" className="ce-thumb" />
                  <span>{image.fileName}</span>
                  <Button
                    onClick={() => setImage(null)}
                    aria-label={t('contentEditor.form.removeFile', { name: image.fileName })}
                  >
                    {t('contentEditor.form.remove')}
                  </Button>
                </Space>
              ) : (
                <FileButton
                  accept={IMAGE_ACCEPT}
                  label={t('contentEditor.form.chooseImage')}
                  testId="main-image-input"
                  disabled={deleted || busy}
                  onFile={(f) => void pickFile(f, 'image')}
                />
              )}
            </div>
            <div className="ce-file-row">
              <span className="ce-file-label">
                {t('contentEditor.form.attachments')} ({attachments.length}/{CONTENT_ATTACHMENTS_MAX})
              </span>
              <ul className="ce-file-list">
                {attachments.map((file) => (
                  <li key={file.fileKey}>
                    <span>
                      {file.fileName} ·{' '}
                      {isImage(file.contentType) ? t('contentEditor.form.imageFile') : 'PDF'} ·{' '}
                      {Math.max(1, Math.round(file.sizeBytes / 1024))} KB
                    </span>
                    <Button
                      onClick={() => setAttachments((list) => list.filter((a) => a.fileKey !== file.fileKey))}
                      aria-label={t('contentEditor.form.removeFile', { name: file.fileName })}
                    >
                      {t('contentEditor.form.remove')}
                    </Button>
                  </li>
                ))}
              </ul>
              {attachments.length < CONTENT_ATTACHMENTS_MAX && (
                <FileButton
                  accept={FILE_ACCEPT}
                  label={t('contentEditor.form.addAttachment')}
                  testId="attachment-input"
                  disabled={deleted || busy}
                  onFile={(f) => void pickFile(f, 'attachment')}
                />
              )}
            </div>
          </fieldset>
        </Form>

        <aside className="ce-side" aria-label={t('contentEditor.publish.label')}>
          <section className="ce-panel" aria-labelledby="ce-publish-title">
            <Typography.Title level={3} id="ce-publish-title" className="ce-section-title">
              {t('contentEditor.publish.label')}
            </Typography.Title>
            {deleted ? (
              <Space orientation="vertical">
                <p>{t('contentEditor.deletedNote')}</p>
                <Button
                  type="primary"
                  loading={action.isPending}
                  onClick={() => simple('restore', 'contentEditor.restored')}
                >
                  {t('contentEditor.actions.restore')}
                </Button>
              </Space>
            ) : (
              <Space orientation="vertical" className="ce-actions">
                <Button onClick={() => void onSave()} loading={action.isPending} block>
                  {t('contentEditor.actions.save')}
                </Button>
                <Button onClick={() => void onPreview()} disabled={busy} block>
                  {t('contentEditor.actions.preview')}
                </Button>
                <Button type="primary" onClick={() => void onPublish(null)} disabled={busy} block>
                  {t('contentEditor.actions.publishNow')}
                </Button>
                <label className="ce-filter" htmlFor="ce-publish-at">
                  <span>{t('contentEditor.publish.at')}</span>
                </label>
                <DatePicker
                  id="ce-publish-at"
                  showTime={{ format: 'HH:mm' }}
                  format="YYYY-MM-DD HH:mm"
                  value={publishAt}
                  onChange={setPublishAt}
                  disabledDate={(d) => d.isBefore(dayjs(), 'day')}
                  className="ce-date"
                />
                <Button onClick={() => void onPublish(publishAt)} disabled={busy || !publishAt} block>
                  {t('contentEditor.actions.schedule')}
                </Button>
                {content && (content.status === 'PUBLISHED' || content.status === 'SCHEDULED') && (
                  <Button
                    onClick={() => simple('unpublish', 'contentEditor.unpublished')}
                    disabled={busy}
                    block
                  >
                    {t('contentEditor.actions.unpublish')}
                  </Button>
                )}
                {content && (
                  <Popconfirm
                    title={t('contentEditor.deleteConfirm', { title: content.title })}
                    okText={t('contentEditor.actions.delete')}
                    cancelText={t('contentEditor.cancel')}
                    onConfirm={() => simple('delete', 'contentEditor.deleted')}
                  >
                    <Button danger disabled={busy} block>
                      {t('contentEditor.actions.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            )}
          </section>
          {content && <ContentHistory idx={content.idx} />}
        </aside>
      </div>
      <Modal
        open={preview !== null}
        title={t('contentEditor.preview.title')}
        footer={<Button onClick={() => setPreview(null)}>{t('contentEditor.preview.close')}</Button>}
        onCancel={() => setPreview(null)}
        width={440}
      >
        {preview && <PhonePreview content={preview} />}
      </Modal>
    </section>
  );
}

/** A button that opens the file chooser (the input itself is hidden but labelled for tests and screen readers). */
function FileButton({
  accept,
  label,
  testId,
  disabled,
  onFile,
}: {
  accept: string;
  label: string;
  testId: string;
  disabled: boolean;
  onFile: (file: File | undefined) => void;
}) {
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  return (
    <>
      <Button onClick={() => input?.click()} disabled={disabled}>
        {label}
      </Button>
      <input
        ref={setInput}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-label={label}
        data-testid={testId}
        onChange={(event) => {
          onFile(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </>
  );
}
