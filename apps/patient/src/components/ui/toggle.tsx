import type { ReactNode } from 'react';

/**
 * An on/off switch built on a native checkbox (role="switch"), so it is focusable, named
 * by its visible label and announced with its state — antd-mobile's Switch is a bare div.
 */
export function Toggle({
  label,
  description,
  checked,
  disabled,
  onChange,
}: {
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className={`toggle-row${disabled ? ' toggle-row-disabled' : ''}`}>
      <span className="menu-row-text">
        <span className="menu-row-label">{label}</span>
        {description && <span className="menu-row-description">{description}</span>}
      </span>
      <input
        type="checkbox"
        role="switch"
        className="toggle-input"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="toggle-track" aria-hidden="true">
        <span className="toggle-thumb" />
      </span>
    </label>
  );
}
