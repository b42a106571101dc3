import type { SVGProps } from 'react';

/**
 * The few line icons the first screens need, drawn inline: antd-mobile-icons costs about
 * 1 KB gzip per icon, and the first screen has a budget (2× a bare React app).
 * All are decorative (aria-hidden); the control around them carries the name.
 */
type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;

function Icon({ d, ...props }: IconProps & { d: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path d={d} />
    </svg>
  );
}

const PATHS = {
  back: 'M15 5l-7 7 7 7',
  forward: 'M9 5l7 7-7 7',
  close: 'M6 6l12 12M18 6L6 18',
  check: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM7.5 12.5l3 3 6-6.5',
  error: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM8.5 8.5l7 7M15.5 8.5l-7 7',
  warning: 'M12 3L2 20h20L12 3zM12 10v4.5M12 17.5v.01',
  info: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM12 11v6M12 7.5v.01',
  settings:
    'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
  chat: 'M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.6A8 8 0 1 1 21 12z',
  nurse: 'M12 21s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 11c0 5.6-7 10-7 10zM12 10v5M9.5 12.5h5',
  calendar: 'M4 6h16v15H4zM4 10h16M8 3v4M16 3v4',
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4',
  document: 'M14 3H6v18h12V7l-4-4zM14 3v4h4M9 13h6M9 17h6',
  notice: 'M4 10v4h3l6 4V6L7 10H4zM17 9a4 4 0 0 1 0 6',
  question: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zM9.1 9a3 3 0 0 1 5.8 1c0 2-3 2.5-3 4M12 17.5v.01',
  hospital: 'M4 21V5h16v16M2 21h20M12 8v6M9 11h6M10 21v-3h4v3',
  star: 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9L12 3z',
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4l2-2zM10 21h4',
  heart: 'M12 20s-8-4.8-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 9c0 6.2-8 11-8 11zM3 12h5l2-3 3 6 2-3h6',
  pill: 'M10.5 20.5a5 5 0 0 1-7-7l10-10a5 5 0 0 1 7 7l-10 10zM8.5 8.5l7 7',
  video: 'M3 7h12v10H3zM15 10.5l6-3.5v10l-6-3.5',
  meal: 'M6 3v8M4 3v5a2 2 0 0 0 4 0V3M6 11v10M17 3c-2 1.5-3 4-3 7h3v11',
  person: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
} as const;

export type IconName = keyof typeof PATHS;

export function AppIcon({ name, ...props }: IconProps & { name: IconName }) {
  return <Icon d={PATHS[name]} {...props} />;
}
