import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppIcon } from './icons';

/**
 * One screen: a header with a real back button and the title as the page's h1, then the
 * content. Our own header instead of antd-mobile's NavBar, whose back arrow is a bare div
 * that neither keyboards nor screen readers can reach. The browser tab (and what a screen
 * reader announces on navigation) names the screen too: "<screen> - <app>".
 */
export function Page({
  title,
  back,
  right,
  children,
}: {
  title: string;
  /** Where "back" goes; `true` = browser history; omitted = no back button. */
  back?: string | true;
  right?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const appName = t('app.name');
  useEffect(() => {
    // `title` arrives translated, so a language switch re-renders with the new words.
    document.title = title && title !== appName ? `${title} - ${appName}` : appName;
  }, [title, appName]);
  const goBack = () => {
    if (back === true) {
      if (window.history.length > 1) navigate(-1);
      else navigate('/');
    } else if (back) navigate(back);
  };
  return (
    <div className="page">
      <header className="page-header">
        {back ? (
          <button type="button" className="icon-button" onClick={goBack} aria-label={t('common.back')}>
            <AppIcon name="back" />
          </button>
        ) : (
          <span className="icon-button-placeholder" />
        )}
        <h1 className="page-title">{title}</h1>
        <div className="page-header-right">{right ?? <span className="icon-button-placeholder" />}</div>
      </header>
      <main className="page-content">{children}</main>
    </div>
  );
}
