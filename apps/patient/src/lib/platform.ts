/** Platform and mobile detection from the user agent (spec §1, §6). */
export type Platform = 'android' | 'ios' | 'unknown';

export function detectPlatform(userAgent: string = navigator.userAgent): Platform {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  return 'unknown';
}

/** The spec's list, word for word (§1). */
const MOBILE_AGENTS = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini/i;

export function isMobileUserAgent(userAgent: string = navigator.userAgent): boolean {
  return MOBILE_AGENTS.test(userAgent);
}
