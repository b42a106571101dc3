import { useTranslation } from 'react-i18next';
import type { EditorContent } from '@smartcare/contract/hospital-content';
import { formatDateTime } from './format';
import './content-editor.css';

/**
 * The item "as the phone shows it": a 360 px wide frame with the patient app's article layout
 * and its rich-text styles (`.hi-rich` in the patient app). The body is the server's stored,
 * sanitised HTML (allow-list, decision 019's module) — the very string the phone renders;
 * what the editor typed is never rendered unsanitised.
 */
export function PhonePreview({ content }: { content: EditorContent }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="ce-phone" role="region" aria-label={t('contentEditor.preview.frameLabel')}>
      <div className="ce-phone-bar" aria-hidden>
        {t(`contentEditor.preview.screen.${content.kind}`)}
      </div>
      <article className="ce-phone-article">
        <p className="ce-phone-tags">
          {content.pinned && (
            <span className="ce-phone-tag ce-phone-tag-pinned">{t('contentEditor.preview.pinnedTag')}</span>
          )}
          <span className="ce-phone-tag">{content.category}</span>
        </p>
        <h2 className="ce-phone-title">{content.title}</h2>
        <p className="ce-phone-meta">
          {content.publishAt
            ? formatDateTime(content.publishAt, i18n.language)
            : t('contentEditor.preview.notPublished')}
        </p>
        {content.image && <img className="ce-phone-image" src={content.image.url} alt="" />}
        {/* Sanitised by the server on save (allow-list); the patient app renders the same string. */}
        <div className="ce-rich" dangerouslySetInnerHTML={{ __html: content.body }} />
        {content.attachments.length > 0 && (
          <ul className="ce-phone-files" aria-label={t('contentEditor.form.attachments')}>
            {content.attachments.map((file) => (
              <li key={file.fileKey}>
                <a href={file.url} download={file.fileName}>
                  {file.fileName}
                </a>
              </li>
            ))}
          </ul>
        )}
      </article>
    </div>
  );
}
