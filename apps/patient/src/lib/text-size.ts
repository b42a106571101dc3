import { readStorage, writeStorage } from './storage-keys';

/**
 * The in-app 글자 크기 (issue 10 point 8). The app's and antd-mobile's CSS are in rem
 * (postcss-pxtorem at build time, vite.config.ts), so the root font size scales every
 * screen; a percentage keeps the phone's or browser's own text size as the base.
 */
export const TEXT_SIZES = ['normal', 'large', 'xlarge'] as const;
export type TextSize = (typeof TEXT_SIZES)[number];

export const TEXT_SIZE_SCALE: Record<TextSize, number> = { normal: 1, large: 1.5, xlarge: 2 };

/** Not one of the spec's storage keys (§3): the app's own, prefixed so it never clashes. */
export const TEXT_SIZE_KEY = 'smartcare.textSize';

function isTextSize(value: string | null): value is TextSize {
  return (TEXT_SIZES as readonly (string | null)[]).includes(value);
}

export function storedTextSize(): TextSize {
  const value = readStorage(TEXT_SIZE_KEY);
  return isTextSize(value) ? value : 'normal';
}

/** Sets the root size; `normal` removes it, so the browser's own setting applies unchanged. */
export function applyTextSize(size: TextSize, root: HTMLElement = document.documentElement): void {
  const scale = TEXT_SIZE_SCALE[size];
  root.style.fontSize = scale === 1 ? '' : `${scale * 100}%`;
  root.dataset.textSize = size;
}

/** Chooses a size: applied at once and kept for the next start. Anything else is refused. */
export function setTextSize(size: string): TextSize {
  if (!isTextSize(size)) throw new Error(`unknown text size: ${size}`);
  writeStorage(TEXT_SIZE_KEY, size === 'normal' ? null : size);
  applyTextSize(size);
  return size;
}
