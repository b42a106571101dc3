import type { Dose } from '@smartcare/contract/medication';
import Dialog from 'antd-mobile/es/components/dialog';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api-error';
import { toast } from '../../lib/toast';
import { useDoseAction, type DoseAction } from './api/dose-actions';
import { doseAmountText, timeText } from './medication-text';

/** A dose's state in words (colour only repeats it). */
export function DoseStatus({ dose }: { dose: Dose }) {
  const { t, i18n } = useTranslation();
  const text =
    dose.status === 'TAKEN'
      ? t(dose.late ? 'medication.takenLate' : 'medication.taken', {
          time: dose.takenAt ? timeText(dose.takenAt, i18n.language) : '',
        })
      : dose.status === 'SKIPPED'
        ? dose.skipReason
          ? t('medication.skippedWithReason', { reason: dose.skipReason })
          : t('medication.skipped')
        : dose.status === 'MISSED'
          ? t('medication.missed')
          : dose.dueNow
            ? t('medication.dueNow')
            : t('medication.pending');
  const symbol = { TAKEN: '✓', SKIPPED: '–', MISSED: '✕', PENDING: dose.dueNow ? '●' : '○' }[dose.status];
  return (
    <p
      className={`med-status med-status-${dose.status.toLowerCase()}${dose.dueNow ? ' med-status-due' : ''}`}
    >
      <span aria-hidden="true">{symbol}</span> {text}
    </p>
  );
}

/** One dose: time, medicine, amount, its state, and — when it can be recorded — the actions. */
export function DoseCard({ dose, actions = true }: { dose: Dose; actions?: boolean }) {
  const { t, i18n } = useTranslation();
  const act = useDoseAction();
  const busy = act.isPending;
  // A double tap lands both clicks before the re-render that disables the button: one request only.
  const sending = useRef(false);
  // A new state (e.g. skipped, then taken late after all) offers its own actions again.
  useEffect(() => {
    sending.current = false;
  }, [dose.status]);

  const run = async (action: DoseAction, done: string) => {
    if (sending.current) return;
    sending.current = true;
    try {
      await act.mutateAsync(action);
      toast.success(done);
      // Stays blocked: the refreshed dose no longer offers the action (taken, skipped or snoozed).
      if (action.kind === 'snooze') sending.current = false;
    } catch (error) {
      sending.current = false;
      toast.error(errorMessage(error));
    }
  };

  const skip = async () => {
    // The optional reason (issue 15: "skipped, with an optional reason") is typed in the dialog.
    let reason = '';
    const confirmed = await Dialog.confirm({
      content: (
        <div className="med-skip">
          <p>{t('medication.skipConfirm')}</p>
          <label className="med-skip-label" htmlFor={`skip-reason-${dose.idx}`}>
            {t('medication.skipReason')}
          </label>
          <input
            id={`skip-reason-${dose.idx}`}
            className="med-skip-input"
            maxLength={200}
            placeholder={t('medication.skipReasonHint')}
            onChange={(event) => {
              reason = event.target.value;
            }}
          />
        </div>
      ),
      confirmText: t('medication.skipOk'),
      cancelText: t('medication.cancel'),
    });
    const trimmed = reason.trim();
    if (confirmed)
      await run(
        { kind: 'skip', doseIdx: dose.idx, ...(trimmed ? { reason: trimmed } : {}) },
        t('medication.skippedDone'),
      );
  };

  const meal = dose.meal === 'NONE' ? null : t(`medication.meal.${dose.meal}`);
  return (
    <li className={`med-dose${dose.dueNow ? ' med-dose-due' : ''}`}>
      <div className="med-dose-head">
        <p className="med-dose-time">{timeText(dose.scheduledAt, i18n.language)}</p>
        <h3 className="med-dose-name">{dose.medicationName}</h3>
        <p className="med-note">
          {[dose.strength, doseAmountText(t, dose), meal].filter(Boolean).join(' · ')}
        </p>
      </div>
      <DoseStatus dose={dose} />
      {dose.snoozedUntil && dose.status === 'PENDING' && (
        <p className="med-note">
          {t('medication.snoozedUntil', { time: timeText(dose.snoozedUntil, i18n.language) })}
        </p>
      )}
      {actions && dose.takeable && (
        <div className="med-actions">
          <button
            type="button"
            className="btn btn-primary btn-block med-take"
            disabled={busy}
            onClick={() => void run({ kind: 'take', doseIdx: dose.idx }, t('medication.recorded'))}
          >
            {dose.status === 'PENDING' ? t('medication.take') : t('medication.takeLate')}
          </button>
          {dose.status === 'PENDING' && (
            <div className="med-actions-row">
              {dose.dueNow && (
                <button
                  type="button"
                  className="btn"
                  disabled={busy}
                  onClick={() => void run({ kind: 'snooze', doseIdx: dose.idx }, t('medication.snoozed'))}
                >
                  {t('medication.snooze')}
                </button>
              )}
              <button type="button" className="btn" disabled={busy} onClick={() => void skip()}>
                {t('medication.skip')}
              </button>
            </div>
          )}
        </div>
      )}
    </li>
  );
}
