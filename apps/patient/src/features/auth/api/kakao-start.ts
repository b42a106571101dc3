import type { KakaoArea } from '@smartcare/contract/kakao';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client';

/**
 * Whether the server has Kakao login configured (the login screens show the button only
 * then), asked when the screen opens; a failure hides the button. Plain state rather than
 * a query: the login is the first screen and stays within its budget (decision 004).
 */
export function useKakaoEnabled(): boolean {
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    let live = true;
    api.kakao.getConfig().then(
      (config) => live && setEnabled(config.enabled),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return enabled;
}

/** Off to Kakao: the server binds a fresh `state` to this browser and gives Kakao's address. */
export async function startKakaoLogin(area: KakaoArea): Promise<void> {
  const { authorizeUrl } = await api.kakao.start({ body: { area } });
  window.location.assign(authorizeUrl);
}
