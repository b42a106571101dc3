import { useId, type InputHTMLAttributes } from 'react';

/**
 * A labelled input with its error below, for the login screen: it is the first screen of
 * a logged-out patient, and antd-mobile's Form (≈ 33 KB gzip) would break its budget.
 */
export function TextField({
  label,
  error,
  ...input
}: { label: string; error?: string | null } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="text-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p id={errorId} className="text-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
