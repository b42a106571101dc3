import type { ReportDeviceCheckBody } from '@smartcare/contract/telemedicine';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Page } from '../../components/ui/page';
import { LoadingView } from '../../components/ui/state-views';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { toast } from '../../lib/toast';
import { runNetworkProbe } from './api/network-probe';
import { useReportDeviceCheck } from './api/report-device-check';
import {
  levelOf,
  networkVerdict,
  playTestTone,
  type FacingMode,
  type MediaChoice,
  type NetworkResult,
} from './device-check';
import { DeviceGuidance } from './device-guidance';
import { videoCallHref } from './telemedicine-parts';
import { useLocalMedia } from './use-local-media';
import './telemedicine.css';

type Speaker = 'untested' | 'playing' | 'asking' | 'yes' | 'no';
type Network = { status: 'idle' | 'running' } | { status: 'done'; result: NetworkResult };

/**
 * `/homecare/telemedicine/config` (`?visitIdx=` when on the way into a visit): camera preview with
 * front/back and device choice, microphone level, a test tone on the speaker ("들리셨나요?"), and a
 * network check against the server; the result goes to the visit (`reportDeviceCheck`).
 */
export function TelemedicineConfigScreen({ visitIdx }: { visitIdx: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [choice, setChoice] = useState<MediaChoice>({ facingMode: 'user' });
  const { media, retry } = useLocalMedia(choice);
  const [speaker, setSpeaker] = useState<Speaker>('untested');
  const [network, setNetwork] = useState<Network>({ status: 'running' });
  const report = useReportDeviceCheck();
  const reportedProblem = useRef<string | null>(null);
  const back = visitIdx
    ? paths.homecare.telemedicineDetail.href(visitIdx)
    : paths.homecare.telemedicineList.href();

  const checkNetwork = () => {
    setNetwork({ status: 'running' });
    void runNetworkProbe().then((result) => setNetwork({ status: 'done', result }));
  };
  // The network check runs by itself once, at the start.
  useEffect(() => {
    let gone = false;
    void runNetworkProbe().then((result) => {
      if (!gone) setNetwork({ status: 'done', result });
    });
    return () => {
      gone = true;
    };
  }, []);

  const body = (): ReportDeviceCheckBody | null => {
    if (media.status !== 'done') return null;
    const result = network.status === 'done' ? network.result : { rttMs: null, downKbps: null };
    return {
      ...(visitIdx ? { visitIdx } : {}),
      camera: media.camera,
      microphone: media.microphone,
      speakerConfirmed: speaker === 'yes',
      rttMs: result.rttMs,
      downKbps: result.downKbps,
    };
  };

  // A refused or missing device is reported at once too: the clinician sees why before the visit.
  const problemKey = media.status === 'done' && media.problem ? `${media.camera}/${media.microphone}` : null;
  useEffect(() => {
    if (!problemKey || reportedProblem.current === problemKey) return;
    const checked = body();
    if (!checked) return;
    reportedProblem.current = problemKey;
    report.mutate(checked);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per distinct problem
  }, [problemKey]);

  const blocked = media.status === 'done' && media.camera !== 'OK' && media.microphone !== 'OK';

  const finish = async () => {
    const checked = body();
    if (!checked) return;
    try {
      await report.mutateAsync(checked);
      toast.success(t('telemedicine.config.saved'));
      if (visitIdx && !blocked) await navigate(videoCallHref(visitIdx));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Page title={t('telemedicine.config.title')} back={back}>
      <p className="tm-help">{t('telemedicine.config.intro')}</p>
      {media.status === 'opening' && <LoadingView label={t('telemedicine.config.opening')} />}
      {media.status === 'done' && media.problem && (
        <DeviceGuidance
          problem={media.problem}
          camera={media.camera}
          microphone={media.microphone}
          onRetry={retry}
        />
      )}
      {media.status === 'done' && !blocked && (
        <>
          <CameraSection
            stream={media.stream}
            cameraOk={media.camera === 'OK'}
            choice={choice}
            onChoice={setChoice}
          />
          <MicrophoneSection stream={media.microphone === 'OK' ? media.stream : null} />
        </>
      )}
      <SpeakerSection state={speaker} onState={setSpeaker} />
      <NetworkSection network={network} onRun={checkNetwork} />
      {media.status === 'done' && (
        <section className="tm-card" aria-labelledby="tm-finish">
          <h2 id="tm-finish" className="tm-section-title">
            {t('telemedicine.config.resultTitle')}
          </h2>
          <ul className="tm-result-list">
            <li>{t(`telemedicine.config.camera.${media.camera}`)}</li>
            <li>{t(`telemedicine.config.microphone.${media.microphone}`)}</li>
            <li>
              {speaker === 'yes'
                ? t('telemedicine.config.speakerYes')
                : speaker === 'no'
                  ? t('telemedicine.config.speakerNo')
                  : t('telemedicine.config.speakerUntested')}
            </li>
          </ul>
          <button
            type="button"
            className="btn btn-primary btn-block btn-large"
            disabled={report.isPending || network.status === 'running'}
            onClick={() => void finish()}
          >
            {visitIdx && !blocked ? t('telemedicine.config.finishAndEnter') : t('telemedicine.config.finish')}
          </button>
        </section>
      )}
      {!visitIdx && (
        <Link className="btn btn-block" to={paths.homecare.telemedicineList.href()}>
          {t('telemedicine.config.toList')}
        </Link>
      )}
    </Page>
  );
}

function CameraSection({
  stream,
  cameraOk,
  choice,
  onChoice,
}: {
  stream: MediaStream | null;
  cameraOk: boolean;
  choice: MediaChoice;
  onChoice: (choice: MediaChoice) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const video = useRef<HTMLVideoElement>(null);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    element.srcObject = stream;
    if (stream) void element.play?.()?.catch(() => undefined);
  }, [stream]);
  useEffect(() => {
    // Labels are only given once a device is allowed, so the list is read after opening.
    void navigator.mediaDevices
      ?.enumerateDevices?.()
      .then(setDevices)
      .catch(() => setDevices([]));
  }, [stream]);
  const cameras = devices.filter((d) => d.kind === 'videoinput');
  const microphones = devices.filter((d) => d.kind === 'audioinput');
  const facing = (mode: FacingMode) => onChoice({ ...choice, facingMode: mode, videoDeviceId: null });

  return (
    <section className="tm-card" aria-labelledby="tm-camera">
      <h2 id="tm-camera" className="tm-section-title">
        {t('telemedicine.config.cameraTitle')}
      </h2>
      {cameraOk ? (
        <video
          ref={video}
          className={`tm-preview${choice.facingMode === 'user' ? ' tm-mirror' : ''}`}
          data-testid="camera-preview"
          autoPlay
          playsInline
          muted
          aria-label={t('telemedicine.config.previewLabel')}
        />
      ) : (
        <p className="tm-note">{t('telemedicine.config.camera.MISSING')}</p>
      )}
      {cameraOk && (
        <div className="tm-toggle-row" role="group" aria-label={t('telemedicine.config.whichCamera')}>
          <button
            type="button"
            className={`btn ${choice.facingMode === 'user' && !choice.videoDeviceId ? 'btn-primary' : ''}`}
            aria-pressed={choice.facingMode === 'user' && !choice.videoDeviceId}
            onClick={() => facing('user')}
          >
            {t('telemedicine.config.front')}
          </button>
          <button
            type="button"
            className={`btn ${choice.facingMode === 'environment' && !choice.videoDeviceId ? 'btn-primary' : ''}`}
            aria-pressed={choice.facingMode === 'environment' && !choice.videoDeviceId}
            onClick={() => facing('environment')}
          >
            {t('telemedicine.config.back')}
          </button>
        </div>
      )}
      {cameras.length > 1 && (
        <div className="text-field">
          <label htmlFor={`${id}-cam`}>{t('telemedicine.config.cameraDevice')}</label>
          <select
            id={`${id}-cam`}
            className="tm-select"
            value={choice.videoDeviceId ?? ''}
            onChange={(e) => onChoice({ ...choice, videoDeviceId: e.target.value || null })}
          >
            <option value="">{t('telemedicine.config.auto')}</option>
            {cameras.map((d, i) => (
              <option key={d.deviceId || i} value={d.deviceId}>
                {d.label || t('telemedicine.config.cameraN', { n: i + 1 })}
              </option>
            ))}
          </select>
        </div>
      )}
      {microphones.length > 1 && (
        <div className="text-field">
          <label htmlFor={`${id}-mic`}>{t('telemedicine.config.microphoneDevice')}</label>
          <select
            id={`${id}-mic`}
            className="tm-select"
            value={choice.audioDeviceId ?? ''}
            onChange={(e) => onChoice({ ...choice, audioDeviceId: e.target.value || null })}
          >
            <option value="">{t('telemedicine.config.auto')}</option>
            {microphones.map((d, i) => (
              <option key={d.deviceId || i} value={d.deviceId}>
                {d.label || t('telemedicine.config.microphoneN', { n: i + 1 })}
              </option>
            ))}
          </select>
        </div>
      )}
    </section>
  );
}

/** The microphone's level from an AnalyserNode, a few times a second. */
function useMicLevel(stream: MediaStream | null): { level: number; heard: boolean } {
  const [level, setLevel] = useState(0);
  const [heard, setHeard] = useState(false);
  useEffect(() => {
    if (!stream || stream.getAudioTracks().length === 0 || typeof AudioContext === 'undefined')
      return undefined;
    const context = new AudioContext();
    const source = context.createMediaStreamSource(stream);
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    source.connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    const timer = setInterval(() => {
      analyser.getByteTimeDomainData(samples);
      const now = levelOf(samples);
      setLevel(now);
      if (now >= 8) setHeard(true);
    }, 120);
    return () => {
      clearInterval(timer);
      source.disconnect();
      void context.close().catch(() => undefined);
    };
  }, [stream]);
  return { level, heard };
}

function MicrophoneSection({ stream }: { stream: MediaStream | null }) {
  const { t } = useTranslation();
  const { level, heard } = useMicLevel(stream);
  return (
    <section className="tm-card" aria-labelledby="tm-mic">
      <h2 id="tm-mic" className="tm-section-title">
        {t('telemedicine.config.microphoneTitle')}
      </h2>
      {stream ? (
        <>
          <p>{t('telemedicine.config.sayHello')}</p>
          <div
            className="tm-meter"
            role="meter"
            aria-label={t('telemedicine.config.micLevel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={level}
          >
            <span className="tm-meter-bar" style={{ width: `${level}%` }} />
          </div>
          <p className={heard ? 'tm-ok' : 'tm-help'} aria-live="polite">
            {heard ? t('telemedicine.config.micHeard') : t('telemedicine.config.micWaiting')}
          </p>
        </>
      ) : (
        <p className="tm-note">{t('telemedicine.config.microphone.MISSING')}</p>
      )}
    </section>
  );
}

function SpeakerSection({ state, onState }: { state: Speaker; onState: (state: Speaker) => void }) {
  const { t } = useTranslation();
  const context = useRef<AudioContext | null>(null);
  useEffect(
    () => () => {
      void context.current?.close().catch(() => undefined);
    },
    [],
  );
  const play = async () => {
    if (typeof AudioContext === 'undefined') {
      onState('asking');
      return;
    }
    onState('playing');
    context.current ??= new AudioContext();
    try {
      await playTestTone(context.current);
    } catch {
      // A browser that will not play still gets the question: the patient says what they heard.
    }
    onState('asking');
  };
  return (
    <section className="tm-card" aria-labelledby="tm-speaker">
      <h2 id="tm-speaker" className="tm-section-title">
        {t('telemedicine.config.speakerTitle')}
      </h2>
      <p>{t('telemedicine.config.speakerIntro')}</p>
      <button
        type="button"
        className="btn btn-block btn-large"
        disabled={state === 'playing'}
        onClick={() => void play()}
      >
        {state === 'playing' ? t('telemedicine.config.playing') : t('telemedicine.config.playTone')}
      </button>
      {(state === 'asking' || state === 'yes' || state === 'no') && (
        <fieldset className="tm-fieldset">
          <legend className="tm-lead">{t('telemedicine.config.didYouHear')}</legend>
          <div className="tm-toggle-row">
            <button
              type="button"
              className={`btn ${state === 'yes' ? 'btn-primary' : ''}`}
              aria-pressed={state === 'yes'}
              onClick={() => onState('yes')}
            >
              {t('telemedicine.config.yes')}
            </button>
            <button
              type="button"
              className={`btn ${state === 'no' ? 'btn-primary' : ''}`}
              aria-pressed={state === 'no'}
              onClick={() => onState('no')}
            >
              {t('telemedicine.config.no')}
            </button>
          </div>
        </fieldset>
      )}
      {state === 'no' && <p className="tm-note">{t('telemedicine.config.speakerHelp')}</p>}
    </section>
  );
}

function NetworkSection({ network, onRun }: { network: Network; onRun: () => void }) {
  const { t } = useTranslation();
  const verdict = network.status === 'done' ? networkVerdict(network.result) : null;
  return (
    <section className="tm-card" aria-labelledby="tm-network">
      <h2 id="tm-network" className="tm-section-title">
        {t('telemedicine.config.networkTitle')}
      </h2>
      <div aria-live="polite">
        {network.status !== 'done' ? (
          <p>{t('telemedicine.config.networkRunning')}</p>
        ) : (
          <>
            <p className={`tm-verdict tm-verdict-${verdict}`}>
              {t(`telemedicine.config.network.${verdict}`)}
            </p>
            {network.result.rttMs !== null && (
              <p className="tm-meta">
                {t('telemedicine.config.networkFigures', {
                  rtt: network.result.rttMs,
                  mbps: network.result.downKbps === null ? '-' : (network.result.downKbps / 1000).toFixed(1),
                })}
              </p>
            )}
          </>
        )}
      </div>
      <button type="button" className="btn btn-block" disabled={network.status === 'running'} onClick={onRun}>
        {t('telemedicine.config.networkAgain')}
      </button>
    </section>
  );
}
