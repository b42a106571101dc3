import { useId, useState } from 'react';
import { App, Button, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NOTE_MAX, type CareNote as Note } from '@smartcare/contract/home-care-watch';
import { errorMessage } from '../../../lib/error-message';
import { useSaveNote } from '../api/save-note';
import { formatDateTime } from '../reading-words';

/** The nurse's note on the patient, with who wrote it and when (issue 13). */
export function CareNote({ patientIdx, note }: { patientIdx: number; note: Note | null }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveNote(patientIdx);
  const [text, setText] = useState(note?.text ?? '');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const submit = () => {
    if (text.length > NOTE_MAX) {
      setError(
        t('homeCare.note.tooLong', { max: NOTE_MAX.toLocaleString(), length: text.length.toLocaleString() }),
      );
      return;
    }
    setError(null);
    // The saved note's writtenAt is this form's key: the form may remount before the answer
    // arrives (the live update can be first), and mutate's own callbacks die with it; a promise doesn't.
    save.mutateAsync(text).then(
      () => void message.success(t('homeCare.note.saved')),
      (e: unknown) => void message.error(`${t('homeCare.note.failed')} ${errorMessage(e, t)}`),
    );
  };

  return (
    <section className="patient-panel care-note" aria-labelledby="note-title">
      <Typography.Title level={3} id="note-title" className="panel-subtitle">
        {t('homeCare.note.title')}
      </Typography.Title>
      <p className="care-note-by" data-testid="care-note-by">
        {note
          ? t('homeCare.note.by', {
              name: note.writtenByName,
              time: formatDateTime(note.writtenAt, i18n.language),
            })
          : t('homeCare.note.none')}
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={`${id}-text`}>{t('homeCare.note.label')}</label>
        <Input.TextArea
          id={`${id}-text`}
          value={text}
          autoSize={{ minRows: 3, maxRows: 10 }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        {error && (
          <p id={`${id}-error`} className="field-error" role="alert">
            {error}
          </p>
        )}
        <Button htmlType="submit" type="primary" loading={save.isPending} className="care-note-save">
          {t('homeCare.note.save')}
        </Button>
      </form>
    </section>
  );
}
