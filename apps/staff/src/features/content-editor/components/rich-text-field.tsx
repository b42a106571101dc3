import { useRef, useState } from 'react';
import { App, Button, Form, Input, Modal, Space } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useTranslation } from 'react-i18next';
import type { ContentFile } from '@smartcare/contract/hospital-content';
import { errorMessage } from '../../../lib/error-message';
import { useUploadFile } from '../api/content-editor';
import { IMAGE_ACCEPT, LIMITS_MB, refuseUpload } from './upload-limits';

/** Links the server keeps (its sanitiser allows these schemes only). */
const LINK = /^(https?:\/\/[^\s"<>]+|tel:[0-9+-]+|mailto:[^\s"<>]+)$/i;

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type Wrap = (selected: string) => string;

type ToolKey = 'h2' | 'h3' | 'p' | 'strong' | 'ul' | 'ol' | 'link' | 'image';
const TOOLS: [ToolKey, string][] = [
  ['h2', 'h2'],
  ['h3', 'h3'],
  ['p', 'p'],
  ['strong', 'bold'],
  ['ul', 'ul'],
  ['ol', 'ol'],
  ['link', 'link'],
  ['image', 'image'],
];

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const list =
  (tag: 'ul' | 'ol'): Wrap =>
  (selected) =>
    `<${tag}>\n${(lines(selected).length > 0 ? lines(selected) : ['']).map((l) => `  <li>${l}</li>`).join('\n')}\n</${tag}>`;

/**
 * The body editor: HTML in a textarea with a toolbar for headings, paragraphs, bold, lists, links
 * and images (decision 022: a small kept approach, no editor library). What is typed is sent as
 * is; the server's allow-list sanitiser is the guard, and the preview shows what it kept.
 */
export function RichTextField({
  value = '',
  onChange,
  id,
  invalid,
}: {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  invalid?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const area = useRef<TextAreaRef>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadFile();
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkForm] = Form.useForm<{ url: string; text: string }>();
  const selection = useRef<[number, number]>([0, 0]);

  const remember = () => {
    const el = area.current?.resizableTextArea?.textArea;
    if (el) selection.current = [el.selectionStart, el.selectionEnd];
  };

  /** Replaces the remembered selection with `wrap(selected)`. */
  const apply = (wrap: Wrap) => {
    remember();
    const [start, end] = selection.current;
    const next = value.slice(0, start) + wrap(value.slice(start, end)) + value.slice(end);
    onChange?.(next);
    requestAnimationFrame(() => area.current?.focus());
  };

  const insertAt = (html: string) => {
    const [start, end] = selection.current;
    onChange?.(value.slice(0, start) + html + value.slice(end));
  };

  const tag = (name: string) => (selected: string) => `<${name}>${selected}</${name}>`;

  const pickImage = async (file: File | undefined) => {
    if (!file) return;
    const refusal = refuseUpload(file, true);
    if (refusal) {
      void message.error(t(`contentEditor.upload.${refusal}`, LIMITS_MB));
      return;
    }
    try {
      const uploaded: ContentFile = await upload.mutateAsync(file);
      insertAt(`<p><img src="${uploaded.url}" alt="${escapeText(file.name.replace(/\.[^.]+$/, ''))}"></p>\n`);
      void message.success(t('contentEditor.upload.done', { name: file.name }));
    } catch (error) {
      void message.error(`${t('contentEditor.upload.failed')} ${errorMessage(error, t)}`);
    }
  };

  const onTool = (key: ToolKey) => {
    switch (key) {
      case 'h2':
      case 'h3':
      case 'p':
      case 'strong':
        return apply(tag(key));
      case 'ul':
      case 'ol':
        return apply(list(key));
      case 'link': {
        remember();
        const [start, end] = selection.current;
        linkForm.setFieldsValue({ url: 'https://', text: value.slice(start, end) });
        return setLinkOpen(true);
      }
      case 'image':
        remember();
        return fileInput.current?.click();
    }
  };

  const addLink = async () => {
    const { url, text } = await linkForm.validateFields();
    insertAt(`<a href="${escapeText(url.trim())}">${escapeText(text.trim() || url.trim())}</a>`);
    setLinkOpen(false);
  };

  return (
    <div className="ce-rich-field">
      <Space wrap role="toolbar" aria-label={t('contentEditor.toolbar.label')} className="ce-toolbar">
        {TOOLS.map(([key, label]) => (
          <Button
            key={key}
            onMouseDown={remember}
            onClick={() => onTool(key)}
            loading={key === 'image' && upload.isPending}
          >
            {t(`contentEditor.toolbar.${label}`)}
          </Button>
        ))}
      </Space>
      <input
        ref={fileInput}
        type="file"
        accept={IMAGE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-label={t('contentEditor.toolbar.imageFile')}
        data-testid="body-image-input"
        onChange={(event) => {
          void pickImage(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <Input.TextArea
        ref={area}
        id={id}
        value={value}
        status={invalid ? 'error' : undefined}
        onChange={(event) => onChange?.(event.target.value)}
        onSelect={remember}
        onBlur={remember}
        autoSize={{ minRows: 10, maxRows: 24 }}
        className="ce-body-input"
        spellCheck={false}
      />
      <p className="ce-hint">{t('contentEditor.form.bodyHint')}</p>
      <Modal
        open={linkOpen}
        title={t('contentEditor.link.title')}
        okText={t('contentEditor.link.insert')}
        cancelText={t('contentEditor.cancel')}
        onOk={() => void addLink().catch(() => undefined)}
        onCancel={() => setLinkOpen(false)}
        forceRender
      >
        <Form form={linkForm} layout="vertical">
          <Form.Item
            name="url"
            label={t('contentEditor.link.url')}
            rules={[{ required: true, pattern: LINK, message: t('contentEditor.link.invalid') }]}
          >
            <Input inputMode="url" />
          </Form.Item>
          <Form.Item name="text" label={t('contentEditor.link.text')}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
