import type { ContentFile } from '@smartcare/contract/hospital-content';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { formatDate } from '../../lib/date-format';
import { useSession } from '../../lib/use-session';

/**
 * These screens show the chosen hospital's information only: without a session the patient
 * logs in, without a chosen hospital they choose one first and come back here.
 */
export function NeedsHospital({ here, children }: { here: string; children: ReactNode }) {
  const { myData, accessToken } = useSession();
  const config = paths.hospital;
  if (!accessToken) return <Navigate to={config.login.href()} replace />;
  if (!myData?.choseHospitalIdx) {
    return (
      <Navigate to={`${config.common.hospitalSelect.href()}?next=${encodeURIComponent(here)}`} replace />
    );
  }
  return <>{children}</>;
}

/**
 * A notice's, FAQ answer's or guide's body. The server stored it sanitised against an
 * allow-list (no scripts, styles, event handlers, iframes, forms or SVG; images only from the
 * hospital's own uploads), and `innerHTML` never runs a `<script>` anyway: nothing here executes.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  return <div className={`hi-rich ${className ?? ''}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** Text with the search's [start, end) ranges marked, as text nodes (never as HTML). */
export function Highlighted({
  text,
  ranges,
}: {
  text: string;
  ranges: readonly (readonly [number, number])[];
}) {
  const sorted = [...ranges].filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0]);
  const parts: ReactNode[] = [];
  let at = 0;
  sorted.forEach(([start, end], i) => {
    const s = Math.max(start, at);
    if (s >= end) return;
    if (s > at) parts.push(text.slice(at, s));
    parts.push(<mark key={i}>{text.slice(s, end)}</mark>);
    at = end;
  });
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}

/** Attachments as downloads, with their size (PDFs download; images open). */
export function Attachments({ files }: { files: readonly ContentFile[] }) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  return (
    <section className="hi-attachments" aria-labelledby="hi-attachments-title">
      <h2 id="hi-attachments-title" className="section-title">
        {t('hospitalInfo.attachments')}
      </h2>
      <ul className="hi-attachment-list">
        {files.map((file) => (
          <li key={file.fileKey}>
            <a className="hi-attachment" href={file.url} download={file.fileName} rel="noopener noreferrer">
              <span className="hi-attachment-name">{file.fileName}</span>
              <span className="hi-attachment-size">{formatBytes(file.sizeBytes)}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function PublishedDate({ iso }: { iso: string | null }) {
  const { i18n } = useTranslation();
  if (!iso) return null;
  return <time dateTime={iso}>{formatDate(iso, i18n.language)}</time>;
}
