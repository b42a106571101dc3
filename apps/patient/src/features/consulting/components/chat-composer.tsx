import { CHAT_CONTENT_MAX_LENGTH } from '@smartcare/contract/realtime-constants';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The writing line: a labelled text box and a large send button. */
export function ChatComposer({ onSend }: { onSend: (text: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const inputId = useId();
  const errorId = useId();
  const tooLong = text.trim().length > CHAT_CONTENT_MAX_LENGTH;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content || tooLong) return;
    onSend(content);
    setText('');
  };

  return (
    <form className="chat-composer" onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        {t('chat.inputLabel')}
      </label>
      <textarea
        id={inputId}
        className="chat-input"
        rows={1}
        value={text}
        placeholder={t('chat.inputPlaceholder')}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={tooLong}
        aria-describedby={tooLong ? errorId : undefined}
      />
      <button type="submit" className="chat-send" disabled={!text.trim() || tooLong}>
        {t('chat.send')}
      </button>
      {tooLong && (
        <p id={errorId} className="chat-input-error" role="alert">
          {t('chat.tooLong', { max: CHAT_CONTENT_MAX_LENGTH })}
        </p>
      )}
    </form>
  );
}
