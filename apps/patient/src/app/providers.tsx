import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import koKR from 'antd-mobile/es/locales/ko-KR';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DeviceFrame } from '../components/ui/device-frame';
import { ToastHost } from '../components/ui/toast-host';
import { componentLocaleTag, supportedLocale, type ComponentLocaleTag } from '../lib/i18n';
import { ApiError } from '../lib/api-error';

type ComponentLocale = typeof koKR;

/** Korean ships with the first screen; the other packs load when chosen (brief §5). */
const componentLocaleLoaders: Record<Exclude<ComponentLocaleTag, 'ko-KR'>, () => Promise<{ default: ComponentLocale }>> = {
  'en-US': () => import('antd-mobile/es/locales/en-US'),
  'zh-CN': () => import('antd-mobile/es/locales/zh-CN'),
  'zh-TW': () => import('antd-mobile/es/locales/zh-TW'),
  'zh-HK': () => import('antd-mobile/es/locales/zh-HK'),
  'fa-IR': () => import('antd-mobile/es/locales/fa-IR'),
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A server's "no" (validation, not found, forbidden) will not change on retry.
        retry: (failureCount, error) => !(error instanceof ApiError) && failureCount < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

/** The component library's locale follows the app's language, at once (spec §9). */
function ComponentLocaleProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const tag = componentLocaleTag(supportedLocale(i18n.language) ?? 'kr-KO');
  const [loaded, setLoaded] = useState<{ tag: ComponentLocaleTag; locale: ComponentLocale }>({ tag: 'ko-KR', locale: koKR });
  useEffect(() => {
    if (tag === loaded.tag) return;
    let cancelled = false;
    const load = tag === 'ko-KR' ? Promise.resolve({ default: koKR }) : componentLocaleLoaders[tag]();
    void load.then(({ default: locale }) => {
      if (!cancelled) setLoaded({ tag, locale });
    });
    return () => {
      cancelled = true;
    };
  }, [tag, loaded.tag]);
  return <ConfigProvider locale={loaded.locale}>{children}</ConfigProvider>;
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ComponentLocaleProvider>
        <DeviceFrame>{children}</DeviceFrame>
        <ToastHost />
      </ComponentLocaleProvider>
    </QueryClientProvider>
  );
}
