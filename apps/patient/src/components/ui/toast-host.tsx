import { useSyncExternalStore } from 'react';
import { AppIcon } from './icons';
import { OVERLAY_BASE_Z_INDEX, toast, type ToastItem } from '../../lib/toast';

/** Renders lib/toast's notices at the top of the screen, above every overlay. */
export function ToastHost() {
  const items = useSyncExternalStore(toast.subscribe, toast.items, toast.items);
  const loading = items.some((item) => item.type === 'loading');
  return (
    <>
      {loading && <div className="toast-mask" style={{ zIndex: OVERLAY_BASE_Z_INDEX }} />}
      <div className="toast-stack" style={{ zIndex: OVERLAY_BASE_Z_INDEX + 1 }}>
        {items.map((item) => (
          <ToastView key={item.id} item={item} />
        ))}
      </div>
    </>
  );
}

function ToastView({ item }: { item: ToastItem }) {
  const urgent = item.type === 'error' || item.type === 'warning';
  return (
    <div
      className={`toast toast-${item.type}`}
      role={urgent ? 'alert' : 'status'}
      aria-live={urgent ? 'assertive' : 'polite'}
    >
      <ToastIcon item={item} />
      <span className="toast-message">{item.message}</span>
    </div>
  );
}

function ToastIcon({ item }: { item: ToastItem }) {
  switch (item.type) {
    case 'loading':
      return <LoadingIndicator style={item.loadingStyle} />;
    case 'success':
      return <AppIcon name="check" className="toast-icon" />;
    case 'warning':
      return <AppIcon name="warning" className="toast-icon" />;
    case 'info':
      return <AppIcon name="info" className="toast-icon" />;
    case 'error':
      return <AppIcon name="error" className="toast-icon" />;
  }
}

/** The four loading styles of spec §9, drawn with a few CSS animations (ui.css). */
function LoadingIndicator({ style }: { style: ToastItem['loadingStyle'] }) {
  const parts = style === 'cube' ? 4 : style === 'disappear' ? 3 : 5;
  return (
    <span className={`loading-indicator loading-${style}`} data-loading-style={style} aria-hidden="true">
      {Array.from({ length: parts }, (_, i) => (
        <span key={i} style={{ animationDelay: `${i * 0.12}s` }} />
      ))}
    </span>
  );
}
