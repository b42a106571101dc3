import '../../lib/antd-mobile';
import { APPOINTMENT_MAX_PREFERRED, type Appointment } from '@smartcare/contract/appointment';
import { ResultCode } from '@smartcare/contract/result-codes';
import Dialog from 'antd-mobile/es/components/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router';
import { Page } from '../../components/ui/page';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { TextField } from '../../components/ui/text-field';
import { areaConfig, type Area } from '../../config/area';
import { paths } from '../../config/paths';
import { ApiError, errorMessage } from '../../lib/api-error';
import { toast } from '../../lib/toast';
import { useSession } from '../../lib/use-session';
import { formatSeoulDateTime, fromSeoulInput } from './appointment-format';
import { AppointmentStatusChip, OwnMark, placeOf, useAppointmentTitle } from './appointment-parts';
import { useDownloadIcs } from './api/get-ics';
import { useMyAppointment } from './api/get-my-appointment';
import { useAppointmentLive } from './use-appointment-live';
import { useDeletePersonal } from './api/personal-items';
import { useRequestCancel, useRequestChange } from './api/request-change';
import { PersonalItemForm } from './personal-item-form';
import './appointment.css';

/**
 * `/hospital/schedulemanage/{idx}`: one appointment with its preparation and history, asking
 * to change (preferred times) or cancel, and the `.ics` file; a personal item is edited here.
 */
export function AppointmentDetailScreen({ area, idx }: { area: Area; idx: string }) {
  const { t } = useTranslation();
  const config = areaConfig[area];
  const { accessToken } = useSession();
  const itemIdx = /^\d{1,9}$/.test(idx) ? Number(idx) : 0;
  const item = useMyAppointment(itemIdx, Boolean(accessToken));
  useAppointmentLive();
  const [editing, setEditing] = useState(false);

  if (!accessToken) return <Navigate to={config.login} replace />;
  const back = paths.hospital.scheduleList.href();
  const notFound =
    itemIdx === 0 || (item.error instanceof ApiError && item.error.code === ResultCode.NOT_FOUND);

  return (
    <Page
      title={t(editing ? 'appointmentScreens.ownEditTitle' : 'appointmentScreens.detailTitle')}
      back={back}
    >
      {notFound && <ErrorView message={t('appointmentScreens.notFound')} />}
      {!notFound && item.isPending && <LoadingView />}
      {!notFound && item.isError && (
        <ErrorView message={errorMessage(item.error)} onRetry={() => void item.refetch()} />
      )}
      {item.isSuccess &&
        (editing ? (
          <PersonalItemForm item={item.data} onDone={() => setEditing(false)} />
        ) : (
          <AppointmentDetail item={item.data} onEdit={() => setEditing(true)} />
        ))}
    </Page>
  );
}

function AppointmentDetail({ item, onEdit }: { item: Appointment; onEdit: () => void }) {
  const { t } = useTranslation();
  const titleOf = useAppointmentTitle();
  // Which request form is open under the buttons: a change (preferred times) or a cancel (a reason).
  const [asking, setAsking] = useState<'change' | 'cancel' | null>(null);
  const ics = useDownloadIcs();
  const remove = useDeletePersonal();
  const navigate = useNavigate();
  const place = placeOf(item);
  const own = item.kind === 'PERSONAL';
  const canAsk = !own && item.status === 'BOOKED' && new Date(item.startsAt) > new Date();

  const confirmDelete = async () => {
    const confirmed = await Dialog.confirm({
      content: t('appointmentScreens.deleteConfirm'),
      confirmText: t('appointmentScreens.delete'),
      cancelText: t('appointmentScreens.keep'),
    });
    if (!confirmed) return;
    remove.mutate(item.idx, {
      onSuccess: () => {
        toast.success(t('appointmentScreens.deleted'));
        void navigate(paths.hospital.scheduleList.href(), { replace: true });
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <>
      <section className="appt-detail" aria-live="polite">
        <div className="appt-card-top">
          <h2 className="appt-detail-title">{titleOf(item)}</h2>
          {own ? <OwnMark /> : <AppointmentStatusChip status={item.status} />}
        </div>
        <dl className="label-values appt-facts">
          <dt>{t('appointmentScreens.when')}</dt>
          <dd>{formatSeoulDateTime(item.startsAt)}</dd>
          {item.hospitalName && (
            <>
              <dt>{t('appointmentScreens.hospital')}</dt>
              <dd>{item.hospitalName}</dd>
            </>
          )}
          {item.doctor && (
            <>
              <dt>{t('appointmentScreens.doctor')}</dt>
              <dd>{item.doctor}</dd>
            </>
          )}
          {place && (
            <>
              <dt>{t('appointmentScreens.place')}</dt>
              <dd>{place}</dd>
            </>
          )}
        </dl>
      </section>

      {item.preparation && (
        <section className="appt-prep" aria-labelledby="appt-prep-title">
          <h2 id="appt-prep-title" className="section-title">
            {t(own ? 'appointmentScreens.memo' : 'appointmentScreens.preparation')}
          </h2>
          <p className="appt-pre">{item.preparation}</p>
        </section>
      )}

      {(item.status === 'CHANGE_REQUESTED' || item.status === 'CANCEL_REQUESTED') && (
        <section className="appt-note" role="note">
          <p>{t('appointmentScreens.requestOpen')}</p>
          {item.preferredTimes.length > 0 && (
            <p>
              {t('appointmentScreens.preferred')}: {item.preferredTimes.map(formatSeoulDateTime).join(', ')}
            </p>
          )}
        </section>
      )}
      {item.reason && (
        <section className="appt-note" role="note">
          <h2 className="section-title">{t('appointmentScreens.reason')}</h2>
          <p className="appt-pre">{item.reason}</p>
        </section>
      )}

      <div className="appt-actions">
        <button
          type="button"
          className="btn btn-block"
          disabled={ics.isPending}
          onClick={() =>
            ics.mutate(item.idx, {
              onSuccess: () => toast.success(t('appointmentScreens.icsSaved')),
              onError: (error) => toast.error(errorMessage(error)),
            })
          }
        >
          {t('appointmentScreens.ics')}
        </button>
        {canAsk && !asking && (
          <>
            <button type="button" className="btn btn-primary btn-block" onClick={() => setAsking('change')}>
              {t('appointmentScreens.askChange')}
            </button>
            <button type="button" className="btn btn-block" onClick={() => setAsking('cancel')}>
              {t('appointmentScreens.askCancel')}
            </button>
          </>
        )}
        {/* An outpatient visit marked 완료 can be rated (decision 028). */}
        {item.kind === 'HOSPITAL' && item.status === 'COMPLETED' && item.type === 'OUTPATIENT' && (
          <Link
            className="btn btn-primary btn-block"
            to={`${paths.hospital.rate.href()}?kind=APPOINTMENT&idx=${item.idx}`}
          >
            {t('appointmentScreens.rateVisit')}
          </Link>
        )}
        {own && (
          <>
            <button type="button" className="btn btn-primary btn-block" onClick={onEdit}>
              {t('appointmentScreens.edit')}
            </button>
            <button
              type="button"
              className="btn btn-block"
              disabled={remove.isPending}
              onClick={() => void confirmDelete()}
            >
              {t('appointmentScreens.delete')}
            </button>
          </>
        )}
      </div>

      {asking === 'change' && <ChangeRequestForm item={item} onDone={() => setAsking(null)} />}
      {asking === 'cancel' && <CancelRequestForm item={item} onDone={() => setAsking(null)} />}

      {!own && (
        <section aria-labelledby="appt-history-title">
          <h2 id="appt-history-title" className="section-title">
            {t('appointmentScreens.history')}
          </h2>
          <ol className="appt-timeline">
            {item.events.map((event, i) => (
              <li key={`${event.at}-${i}`}>
                <span className="appt-timeline-action">
                  {t(`appointmentScreens.actions.${event.action}`)}
                </span>
                <span className="appt-timeline-meta">
                  {formatSeoulDateTime(event.at)} ·{' '}
                  {event.actorType === 'patient'
                    ? t('appointmentScreens.actorPatient')
                    : t('appointmentScreens.actorStaff', { name: event.actorName })}
                </span>
                {event.note && <span className="appt-pre">{event.note}</span>}
              </li>
            ))}
          </ol>
        </section>
      )}
    </>
  );
}

/** One to three preferred times (Seoul wall time) and a note; refused field by field in Korean. */
function ChangeRequestForm({ item, onDone }: { item: Appointment; onDone: () => void }) {
  const { t } = useTranslation();
  const change = useRequestChange();
  const [times, setTimes] = useState<string[]>(['']);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<(string | undefined)[]>([]);
  const [noteError, setNoteError] = useState<string | undefined>(undefined);

  /**
   * The server's refusals under their fields: `preferredTimes.N` under the Nth time (the whole
   * list under the first), `note` under the note, a time gone by (APPOINTMENT_PAST) under the
   * first time; anything else is a toast.
   */
  const showRefusal = (error: unknown) => {
    const times: (string | undefined)[] = [];
    let note: string | undefined;
    if (error instanceof ApiError) {
      for (const { field, message } of error.fieldErrors()) {
        const [name, index] = field.split('.');
        if (name === 'note') note ??= message;
        else if (name === 'preferredTimes') times[Number(index ?? 0) || 0] ??= message;
      }
      if (error.code === ResultCode.APPOINTMENT_PAST) times[0] ??= errorMessage(error);
    }
    if (times.some(Boolean) || note) {
      setErrors(times);
      setNoteError(note);
    } else toast.error(errorMessage(error));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const now = new Date();
    const parsed = times.map(fromSeoulInput);
    const found = times.map((value, i) => {
      if (!value.trim()) return i === 0 ? t('appointmentScreens.preferredRequired') : undefined;
      const at = parsed[i];
      if (!at) return t('appointmentScreens.preferredRequired');
      return new Date(at) <= now ? t('appointmentScreens.preferredPast') : undefined;
    });
    setErrors(found);
    setNoteError(undefined);
    const preferredTimes = parsed.filter((x): x is string => Boolean(x));
    if (found.some(Boolean) || preferredTimes.length === 0) return;
    change.mutate(
      { idx: item.idx, preferredTimes, note: note.trim() },
      {
        onSuccess: () => {
          toast.success(t('appointmentScreens.requestSent'));
          onDone();
        },
        onError: showRefusal,
      },
    );
  };

  return (
    <form className="appt-form" onSubmit={submit} noValidate aria-labelledby="appt-change-title">
      <h2 id="appt-change-title" className="section-title">
        {t('appointmentScreens.changeTitle')}
      </h2>
      <p className="appt-help">{t('appointmentScreens.preferredHelp')}</p>
      {times.map((value, i) => (
        <TextField
          key={i}
          type="datetime-local"
          label={t('appointmentScreens.preferredLabel', { n: i + 1 })}
          value={value}
          onChange={(e) => setTimes(times.map((old, j) => (j === i ? e.target.value : old)))}
          error={errors[i]}
        />
      ))}
      {times.length < APPOINTMENT_MAX_PREFERRED && (
        <button type="button" className="btn btn-block" onClick={() => setTimes([...times, ''])}>
          {t('appointmentScreens.addPreferred')}
        </button>
      )}
      <RequestNoteAndActions
        noteLabel={t('appointmentScreens.note')}
        note={note}
        onNote={setNote}
        noteError={noteError}
        sending={change.isPending}
        sendLabel={t('appointmentScreens.send')}
        closeLabel={t('appointmentScreens.close')}
        onClose={onDone}
      />
    </form>
  );
}

/**
 * Asking to cancel, with an optional reason the hospital sees in its request queue (the clerk
 * can then offer another day instead of only confirming). Nothing is cancelled until they do.
 */
function CancelRequestForm({ item, onDone }: { item: Appointment; onDone: () => void }) {
  const { t } = useTranslation();
  const cancel = useRequestCancel();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>(undefined);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setNoteError(undefined);
    const trimmed = note.trim();
    cancel.mutate(
      { idx: item.idx, ...(trimmed ? { note: trimmed } : {}) },
      {
        onSuccess: () => {
          toast.success(t('appointmentScreens.requestSent'));
          onDone();
        },
        onError: (error) => {
          const refusal =
            error instanceof ApiError
              ? error.fieldErrors().find(({ field }) => field === 'note')?.message
              : undefined;
          if (refusal) setNoteError(refusal);
          else toast.error(errorMessage(error));
        },
      },
    );
  };

  return (
    <form className="appt-form" onSubmit={submit} noValidate aria-labelledby="appt-cancel-title">
      <h2 id="appt-cancel-title" className="section-title">
        {t('appointmentScreens.askCancel')}
      </h2>
      <p className="appt-help">{t('appointmentScreens.cancelConfirm')}</p>
      <RequestNoteAndActions
        noteLabel={t('appointmentScreens.cancelNote')}
        note={note}
        onNote={setNote}
        noteError={noteError}
        sending={cancel.isPending}
        sendLabel={t('appointmentScreens.cancelSend')}
        closeLabel={t('appointmentScreens.keep')}
        onClose={onDone}
      />
    </form>
  );
}

/** The end of both request forms: the patient's words to the hospital, send and close. */
function RequestNoteAndActions(props: {
  noteLabel: string;
  note: string;
  onNote: (note: string) => void;
  noteError: string | undefined;
  sending: boolean;
  sendLabel: string;
  closeLabel: string;
  onClose: () => void;
}) {
  return (
    <>
      <TextField
        label={props.noteLabel}
        value={props.note}
        maxLength={300}
        onChange={(e) => props.onNote(e.target.value)}
        error={props.noteError}
      />
      <div className="appt-actions">
        <button type="submit" className="btn btn-primary btn-block" disabled={props.sending}>
          {props.sendLabel}
        </button>
        <button type="button" className="btn btn-block" onClick={props.onClose}>
          {props.closeLabel}
        </button>
      </div>
    </>
  );
}
