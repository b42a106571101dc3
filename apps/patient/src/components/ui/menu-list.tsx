import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AppIcon } from './icons';

/**
 * A list of rows that go somewhere or do something. Rows are real links and buttons
 * (antd-mobile's clickable List.Item is an <a> without href: not focusable), each at
 * least 56 px high for older fingers.
 */
export interface MenuRow {
  key: string;
  label: ReactNode;
  description?: ReactNode;
  extra?: ReactNode;
  to?: string;
  onClick?: () => void;
  danger?: boolean;
}

export function MenuList({ rows, label }: { rows: MenuRow[]; label?: string }) {
  return (
    <ul className="menu-list" aria-label={label}>
      {rows.map((row) => {
        const content = (
          <>
            <span className="menu-row-text">
              <span className="menu-row-label">{row.label}</span>
              {row.description && <span className="menu-row-description">{row.description}</span>}
            </span>
            {row.extra && <span className="menu-row-extra">{row.extra}</span>}
            {(row.to || row.onClick) && <AppIcon name="forward" className="menu-row-arrow" />}
          </>
        );
        const className = `menu-row${row.danger ? ' menu-row-danger' : ''}`;
        return (
          <li key={row.key}>
            {row.to ? (
              <Link className={className} to={row.to}>
                {content}
              </Link>
            ) : row.onClick ? (
              <button type="button" className={className} onClick={row.onClick}>
                {content}
              </button>
            ) : (
              <div className={className}>{content}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="section">
      <h2 className="section-title">{title}</h2>
      {children}
    </section>
  );
}
