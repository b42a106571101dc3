import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import koKR from 'antd/locale/ko_KR';
import zhCN from 'antd/locale/zh_CN';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ApiClientContext } from '../lib/api-client';
import { SessionContext } from '../lib/session';
import type { AppServices } from './services';

const ServicesContext = createContext<AppServices | null>(null);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs AppProvider');
  return services;
}

export function AppProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return (
    <ServicesContext.Provider value={services}>
      <I18nextProvider i18n={services.i18n}>
        <SessionContext.Provider value={services.session}>
          <ApiClientContext.Provider value={services.api}>
            <QueryClientProvider client={services.queryClient}>
              <LocalisedAntd>{children}</LocalisedAntd>
            </QueryClientProvider>
          </ApiClientContext.Provider>
        </SessionContext.Provider>
      </I18nextProvider>
    </ServicesContext.Provider>
  );
}

/** The component library's language follows the app's (brief §5). */
function LocalisedAntd({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const antdLocale = language === 'en-US' ? enUS : language === 'zh-CN' ? zhCN : koKR;
  useEffect(() => {
    document.title = t('app.title');
  }, [t]);
  return (
    <ConfigProvider
      locale={antdLocale}
      theme={{
        token: {
          // Colours chosen for WCAG AA contrast (4.5:1) on white; antd's greys and reds fall short.
          colorPrimary: '#1762c8',
          colorError: '#c92a2a',
          colorTextDescription: '#5f6b7a',
          colorTextTertiary: '#5f6b7a',
          colorTextPlaceholder: '#6b7785',
          fontFamily:
            "'Pretendard', 'Noto Sans KR', 'Noto Sans CJK KR', 'Apple SD Gothic Neo', 'Malgun Gothic', system-ui, sans-serif",
          fontSize: 15,
        },
      }}
    >
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
