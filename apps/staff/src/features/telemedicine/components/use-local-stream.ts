import { useCallback, useEffect, useState } from 'react';

type LocalStream =
  { status: 'pending' } | { status: 'ready'; stream: MediaStream } | { status: 'error'; error: string };

/** The clinician's camera and microphone for the call, released when the view goes. */
export function useLocalStream(): LocalStream & { retry: () => void } {
  const [state, setState] = useState<LocalStream>({ status: 'pending' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let stream: MediaStream | null = null;
    let gone = false;
    // Missing on a page not served over https (or localhost): say so rather than throw.
    if (!navigator.mediaDevices?.getUserMedia) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the browser's answer, known at once
      setState({ status: 'error', error: 'NotSupportedError' });
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ audio: true, video: { width: { ideal: 1280 }, height: { ideal: 720 } } })
      .then((s) => {
        if (gone) return s.getTracks().forEach((track) => track.stop());
        stream = s;
        setState({ status: 'ready', stream: s });
      })
      .catch((e: unknown) => {
        if (!gone) setState({ status: 'error', error: e instanceof Error ? e.name : 'Error' });
      });
    return () => {
      gone = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [attempt]);
  const retry = useCallback(() => {
    setState({ status: 'pending' });
    setAttempt((a) => a + 1);
  }, []);
  return { ...state, retry };
}
