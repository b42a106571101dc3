import '../../lib/antd-mobile';
import { ResultCode } from '@smartcare/contract/result-codes';
import type { TelemedicineVisit } from '@smartcare/contract/telemedicine';
import { useVideoCall, type VideoCallSnapshot } from '@smartcare/web-core/video-call';
import Dialog from 'antd-mobile/es/components/dialog';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Page } from '../../components/ui/page';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { paths } from '../../config/paths';
import { ApiError, errorMessage } from '../../lib/api-error';
import { toast } from '../../lib/toast';
import { useIceServers } from './api/get-ice-servers';
import { useMyVisit } from './api/get-my-visit';
import { useEnterWaitingRoom, useLeaveWaitingRoom } from './api/waiting-room';
import { CallIcon } from './call-icons';
import { DeviceGuidance } from './device-guidance';
import { clinicianText, inRoom, opensAtText } from './telemedicine-parts';
import { useLocalMedia } from './use-local-media';
import { useVisitLive } from './use-telemedicine-live';
import './telemedicine.css';

const ENDED = new Set(['COMPLETE', 'CANCELLED', 'NO_SHOW']);
const sinkSupported = () =>
  typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;

/**
 * `/homecare/telemedicine/videocall?visitIdx=`: the waiting room (place in line and estimated
 * wait, live), then the call — the clinician big, self small, large controls. The two <video>
 * elements stay mounted from the waiting room to the end (layout by CSS only), so admission or a
 * screen rotation never restarts them. The end of the visit returns to its detail.
 */
export function TelemedicineVideoCallScreen({ visitIdx }: { visitIdx: number }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const visit = useMyVisit(visitIdx);
  const enter = useEnterWaitingRoom();
  const entered = useRef(false);
  const detail = visitIdx
    ? paths.homecare.telemedicineDetail.href(visitIdx)
    : paths.homecare.telemedicineList.href();
  useVisitLive(visitIdx, (event) => {
    if (ENDED.has(event.status)) void navigate(detail, { replace: true });
  });

  const data = visit.data;
  const status = data?.status;
  // Coming in: BOOKED with the window open and the consent given → into the waiting room, once.
  useEffect(() => {
    if (!data || entered.current) return;
    if (data.status === 'BOOKED' && data.canEnter && data.consentCurrent !== false) {
      entered.current = true;
      enter.mutate(visitIdx);
    }
  }, [data, enter, visitIdx]);
  useEffect(() => {
    if (status && ENDED.has(status)) void navigate(detail, { replace: true });
  }, [status, navigate, detail]);

  const notFound =
    visitIdx === 0 || (visit.error instanceof ApiError && visit.error.code === ResultCode.NOT_FOUND);

  return (
    <Page
      title={status === 'IN_CALL' ? t('telemedicine.call.title') : t('telemedicine.waiting.title')}
      back={detail}
    >
      {notFound && (
        <>
          <ErrorView message={t('telemedicine.detail.notFound')} />
          <Link className="btn btn-block" to={paths.homecare.telemedicineList.href()}>
            {t('telemedicine.call.toList')}
          </Link>
        </>
      )}
      {!notFound && visit.isPending && <LoadingView />}
      {!notFound && visit.isError && (
        <ErrorView message={errorMessage(visit.error)} onRetry={() => void visit.refetch()} />
      )}
      {data && !inRoom(data) && (
        <NotInRoom visit={data} error={enter.error} pending={enter.isPending} language={i18n.language} />
      )}
      {data && inRoom(data) && <Room visit={data} />}
    </Page>
  );
}

function NotInRoom({
  visit,
  error,
  pending,
  language,
}: {
  visit: TelemedicineVisit;
  error: Error | null;
  pending: boolean;
  language: string;
}) {
  const { t } = useTranslation();
  const detail = paths.homecare.telemedicineDetail.href(visit.visitIdx);
  let message: string;
  if (pending || (visit.status === 'BOOKED' && visit.canEnter && visit.consentCurrent !== false && !error)) {
    return <LoadingView label={t('telemedicine.waiting.entering')} />;
  } else if (error) message = errorMessage(error);
  else if (visit.status !== 'BOOKED') message = t('telemedicine.call.over');
  else if (!visit.canEnter)
    message = t('telemedicine.list.opensAt', { time: opensAtText(visit.enterOpensAt, language) });
  else message = t('telemedicine.consent.neededToEnter');
  return (
    <section className="tm-card" role="status">
      <p className="tm-lead">{message}</p>
      <Link className="btn btn-primary btn-block btn-large" to={detail}>
        {t('telemedicine.call.toDetail')}
      </Link>
    </section>
  );
}

function Room({ visit }: { visit: TelemedicineVisit }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const detail = paths.homecare.telemedicineDetail.href(visit.visitIdx);
  const { media, retry } = useLocalMedia({ facingMode: 'user' });
  const ice = useIceServers(visit.visitIdx, true);
  const outputs = useAudioOutputs();
  const [leaving, setLeaving] = useState(false);
  const stream = media.status === 'done' ? media.stream : null;
  const {
    snapshot: snap,
    remoteVideoRef,
    localVideoRef,
    setAudio,
    setVideo,
    switchCamera,
    hangup,
  } = useVideoCall({
    visitIdx: visit.visitIdx,
    role: 'patient',
    iceServers: ice.data?.iceServers ?? null,
    localStream: stream,
    // Leaving: the call ends first (signalling is refused once the visit is BOOKED again).
    enabled: !leaving,
  });
  const leave = useLeaveWaitingRoom();
  const waiting = visit.status === 'WAITING';

  const leaveRoom = async () => {
    setLeaving(true);
    try {
      await leave.mutateAsync(visit.visitIdx);
      toast.info(t('telemedicine.waiting.left'));
      await navigate(detail);
    } catch (error) {
      setLeaving(false);
      toast.error(errorMessage(error));
    }
  };
  const hangUp = async () => {
    const confirmed = await Dialog.confirm({
      content: t('telemedicine.call.hangupConfirm'),
      confirmText: t('telemedicine.call.hangupOk'),
      cancelText: t('telemedicine.call.stay'),
    });
    if (!confirmed) return;
    hangup();
    await navigate(detail);
  };

  // Without the ICE servers (a failed request, or the visit closed meanwhile) the call cannot
  // start: say so, with a retry, instead of a stage that never fills.
  if (ice.isError) {
    return (
      <div className={`tm-call ${waiting ? 'tm-call-waiting' : 'tm-call-live'}`}>
        {waiting && <WaitingInfo visit={visit} />}
        <ErrorView
          message={`${t('telemedicine.call.iceFailed')} ${errorMessage(ice.error)}`}
          onRetry={() => void ice.refetch()}
        />
        <Link className="btn btn-block" to={detail}>
          {t('telemedicine.call.toDetail')}
        </Link>
      </div>
    );
  }

  if (media.status === 'done' && !media.stream && media.problem) {
    return (
      <DeviceGuidance
        problem={media.problem}
        camera={media.camera}
        microphone={media.microphone}
        onRetry={retry}
      />
    );
  }

  return (
    <div className={`tm-call ${waiting ? 'tm-call-waiting' : 'tm-call-live'}`}>
      {waiting && <WaitingInfo visit={visit} />}
      <div className="tm-stage">
        <video
          ref={remoteVideoRef}
          className="tm-remote"
          data-testid="remote-video"
          autoPlay
          playsInline
          // Nothing of the other side is heard before the clinician admits the patient.
          muted={waiting}
          aria-label={t('telemedicine.call.remoteLabel', { name: visit.clinician.name })}
        />
        {!waiting && <RemoteOverlay snap={snap} />}
        <video
          ref={localVideoRef}
          className={`tm-self${snap?.facingMode !== 'environment' ? ' tm-mirror' : ''}`}
          data-testid="local-video"
          autoPlay
          playsInline
          muted
          aria-label={t('telemedicine.call.selfLabel')}
        />
      </div>
      {!waiting && <CallStatus visit={visit} snap={snap} />}
      <div className="tm-controls" role="group" aria-label={t('telemedicine.call.controls')}>
        <button
          type="button"
          className={`tm-control${snap && !snap.localMedia.audio ? ' tm-control-off' : ''}`}
          aria-pressed={snap ? !snap.localMedia.audio : false}
          disabled={!snap}
          onClick={() => snap && setAudio(!snap.localMedia.audio)}
        >
          <CallIcon name={snap && !snap.localMedia.audio ? 'micOff' : 'mic'} />
          <span>{t('telemedicine.call.mute')}</span>
        </button>
        <button
          type="button"
          className={`tm-control${snap && !snap.localMedia.video ? ' tm-control-off' : ''}`}
          aria-pressed={snap ? !snap.localMedia.video : false}
          disabled={!snap || !snap.canSwitchCamera}
          onClick={() => snap && setVideo(!snap.localMedia.video)}
        >
          <CallIcon name={snap && !snap.localMedia.video ? 'cameraOff' : 'camera'} />
          <span>{t('telemedicine.call.cameraOff')}</span>
        </button>
        <button
          type="button"
          className="tm-control"
          disabled={!snap || !snap.canSwitchCamera}
          onClick={() => void switchCamera().catch(() => toast.error(t('telemedicine.call.switchFailed')))}
        >
          <CallIcon name="switchCamera" />
          <span>
            {snap?.facingMode === 'environment'
              ? t('telemedicine.call.toFront')
              : t('telemedicine.call.toBack')}
          </span>
        </button>
        {!waiting && <SpeakerChoice outputs={outputs} />}
        {waiting ? (
          <button
            type="button"
            className="tm-control tm-control-leave"
            disabled={leave.isPending}
            onClick={() => void leaveRoom()}
          >
            <CallIcon name="leave" />
            <span>{t('telemedicine.waiting.leave')}</span>
          </button>
        ) : (
          <button type="button" className="tm-control tm-control-hangup" onClick={() => void hangUp()}>
            <CallIcon name="hangup" />
            <span>{t('telemedicine.call.hangup')}</span>
          </button>
        )}
      </div>
      {!waiting && outputs.length < 2 && (
        <p className="tm-help" id="tm-speaker-note">
          {t('telemedicine.call.speakerFixedNote')}
        </p>
      )}
    </div>
  );
}

function WaitingInfo({ visit }: { visit: TelemedicineVisit }) {
  const { t } = useTranslation();
  const queue = visit.queue;
  return (
    <section className="tm-card tm-waiting" aria-live="polite" aria-labelledby="tm-waiting-title">
      <h2 id="tm-waiting-title" className="tm-section-title">
        {t('telemedicine.waiting.heading')}
      </h2>
      <p className="tm-meta">{clinicianText(visit, t)}</p>
      {queue ? (
        <p className="tm-queue">
          <span>{t('telemedicine.waiting.position', { position: queue.position })}</span>
          <span>
            {queue.estimatedWaitMin > 0
              ? t('telemedicine.waiting.estimate', { minutes: queue.estimatedWaitMin })
              : t('telemedicine.waiting.soon')}
          </span>
        </p>
      ) : (
        <p className="tm-queue">{t('telemedicine.waiting.soon')}</p>
      )}
      <p className="tm-help">{t('telemedicine.waiting.help')}</p>
    </section>
  );
}

function RemoteOverlay({ snap }: { snap: VideoCallSnapshot | null }) {
  const { t } = useTranslation();
  if (!snap) return null;
  return (
    <div className="tm-overlay" aria-live="polite">
      {snap.state === 'reconnecting' && (
        <p className="tm-banner tm-banner-warn" role="status">
          {t('telemedicine.call.reconnecting')}
        </p>
      )}
      {snap.state === 'connecting' && !snap.remoteLeft && (
        <p className="tm-banner">{t('telemedicine.call.connecting')}</p>
      )}
      {snap.remoteLeft && <p className="tm-banner">{t('telemedicine.call.remoteLeft')}</p>}
      {snap.state === 'connected' && !snap.remoteMedia.video && (
        <p className="tm-banner">{t('telemedicine.call.remoteCameraOff')}</p>
      )}
      {snap.state === 'connected' && !snap.remoteMedia.audio && (
        <p className="tm-banner">{t('telemedicine.call.remoteMuted')}</p>
      )}
    </div>
  );
}

const mmss = (ms: number) => {
  const total = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(total / 60);
  return `${minutes}:${String(total % 60).padStart(2, '0')}`;
};

function CallStatus({ visit, snap }: { visit: TelemedicineVisit; snap: VideoCallSnapshot | null }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const started = visit.callStartedAt ? Date.parse(visit.callStartedAt) : (snap?.connectedAt ?? null);
  const quality = snap?.state === 'connected' ? snap.quality : 'unknown';
  return (
    <div className="tm-status-row">
      <span className="tm-timer">
        {t('telemedicine.call.time')} <strong>{started ? mmss(now - started) : '0:00'}</strong>
      </span>
      <span className={`tm-quality tm-quality-${quality}`}>
        <span className="tm-quality-dots" aria-hidden="true">
          <i />
          <i />
          <i />
        </span>
        {t('telemedicine.call.quality', { quality: t(`telemedicine.call.qualityLevel.${quality}`) })}
      </span>
    </div>
  );
}

/** The audio outputs a page may choose among: only where the browser has setSinkId (not iPhone Safari). */
function useAudioOutputs(): MediaDeviceInfo[] {
  const [outputs, setOutputs] = useState<MediaDeviceInfo[]>([]);
  useEffect(() => {
    if (!sinkSupported()) return;
    void navigator.mediaDevices
      ?.enumerateDevices?.()
      .then((devices) => setOutputs(devices.filter((d) => d.kind === 'audiooutput')))
      .catch(() => setOutputs([]));
  }, []);
  return outputs;
}

/**
 * The audio output. Where the browser lets a page choose it (setSinkId) and there is a choice, the
 * button goes to the next output, named 스피커 1, 2 … (the devices' own labels are in the system's
 * language, often English). Elsewhere — every iPhone, a phone with one output — the button is
 * shown disabled, and a note says where the sound is chosen instead (decision 033).
 */
function SpeakerChoice({ outputs }: { outputs: MediaDeviceInfo[] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  if (outputs.length < 2) {
    return (
      <button type="button" className="tm-control" disabled aria-describedby="tm-speaker-note">
        <CallIcon name="speaker" />
        <span>{t('telemedicine.call.speakerFixed')}</span>
      </button>
    );
  }
  const next = async () => {
    const nextIndex = (index + 1) % outputs.length;
    const remote = document.querySelector<HTMLVideoElement & { setSinkId(id: string): Promise<void> }>(
      'video[data-testid="remote-video"]',
    );
    try {
      await remote?.setSinkId(outputs[nextIndex]!.deviceId);
      setIndex(nextIndex);
    } catch {
      toast.error(t('telemedicine.call.speakerFailed'));
    }
  };
  return (
    <button type="button" className="tm-control" onClick={() => void next()}>
      <CallIcon name="speaker" />
      <span>
        {t('telemedicine.call.speaker', { name: t('telemedicine.call.speakerN', { n: index + 1 }) })}
      </span>
    </button>
  );
}
