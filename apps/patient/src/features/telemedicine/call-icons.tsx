/** The call controls' line icons (decorative: every control also says what it does in words). */
const PATHS = {
  mic: 'M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v3',
  micOff:
    'M3 3l18 18M9 9v3a3 3 0 0 0 5.1 2.1M15 9.3V6a3 3 0 0 0-5.7-1.3M5 11a7 7 0 0 0 11.5 5.3M19 11a7 7 0 0 1-.6 2.8M12 18v3',
  camera: 'M3 7h12v10H3zM15 10l6-3v10l-6-3',
  cameraOff: 'M3 3l18 18M15 10l6-3v10l-6-3M13 17H3V7h2M9 7h6v6',
  switchCamera: 'M4 7h3l2-2h6l2 2h3v12H4zM9 13a3 3 0 0 1 5-2.2M15 13a3 3 0 0 1-5 2.2M14 9v2h-2M10 17v-2h2',
  speaker: 'M4 9h4l5-4v14l-5-4H4zM16 9a4 4 0 0 1 0 6M18.5 6.5a8 8 0 0 1 0 11',
  hangup: 'M3 15c5-4 13-4 18 0l-2 3-4-1v-3a10 10 0 0 0-6 0v3l-4 1z',
  leave: 'M10 4H5v16h5M14 8l4 4-4 4M18 12H9',
} as const;

export type CallIconName = keyof typeof PATHS;

export function CallIcon({ name }: { name: CallIconName }) {
  return (
    <svg
      className="tm-icon"
      viewBox="0 0 24 24"
      width="1.4em"
      height="1.4em"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
