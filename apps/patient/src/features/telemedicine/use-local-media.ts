import { useCallback, useEffect, useState } from 'react';
import { openMedia, stopStream, type MediaChoice, type OpenedMedia } from './device-check';

export type LocalMedia = { status: 'opening' } | ({ status: 'done' } & OpenedMedia);

/**
 * Camera and microphone for as long as the screen wants them (`choice` null: not now): opened
 * again when the choice changes or on `retry`, and let go (the camera light off) when the screen
 * goes. A call given the stream leaves its tracks to this hook.
 */
export function useLocalMedia(choice: MediaChoice | null) {
  const [attempt, setAttempt] = useState(0);
  const [opened, setOpened] = useState<{ key: string; media: OpenedMedia } | null>(null);
  const facingMode = choice?.facingMode ?? 'user';
  const videoDeviceId = choice?.videoDeviceId ?? null;
  const audioDeviceId = choice?.audioDeviceId ?? null;
  const key = choice ? `${facingMode}|${videoDeviceId ?? ''}|${audioDeviceId ?? ''}|${attempt}` : null;

  useEffect(() => {
    if (key === null) return undefined;
    let gone = false;
    let stream: MediaStream | null = null;
    void openMedia({ facingMode, videoDeviceId, audioDeviceId }).then((media) => {
      if (gone) {
        stopStream(media.stream);
        return;
      }
      stream = media.stream;
      setOpened({ key, media });
    });
    return () => {
      gone = true;
      stopStream(stream);
    };
  }, [key, facingMode, videoDeviceId, audioDeviceId]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const media: LocalMedia =
    opened && opened.key === key ? { status: 'done', ...opened.media } : { status: 'opening' };
  return { media, retry };
}
