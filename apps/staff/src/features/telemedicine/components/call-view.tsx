import { useEffect, useState } from 'react';
import { App, Button, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useVideoCall } from '@smartcare/web-core/video-call';
import { ErrorState, LoadingState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/error-message';
import { useNow } from '../../../lib/use-now';
import { useEndCall } from '../api/change-visit';
import { useIceServers } from '../api/get-ice-servers';
import type { IceServers, Visit } from '../api/types';
import { clock } from './seoul-time';
import { useLocalStream } from './use-local-stream';

/**
 * The clinician's side of the video call (desktop layout): the patient big, self small, the
 * patient's microphone and camera state, call time, connection quality, reconnecting state;
 * mute, camera, switch camera (when the desk has more than one), hang up (asked twice). Hanging up ends the visit; the page then shows the summary.
 */
export function CallView({ visit }: { visit: Visit }) {
  const ice = useIceServers(visit.visitIdx, true);
  const local = useLocalStream();
  if (ice.isPending || local.status === 'pending') return <LoadingState />;
  if (ice.isError) return <ErrorState error={ice.error} onRetry={() => void ice.refetch()} />;
  if (local.status === 'error') return <MediaProblem name={local.error} onRetry={local.retry} />;
  return <Call visit={visit} iceServers={ice.data.iceServers} localStream={local.stream} />;
}

function MediaProblem({ name, onRetry }: { name: string; onRetry: () => void }) {
  const { t } = useTranslation();
  const denied = name === 'NotAllowedError' || name === 'SecurityError';
  return (
    <div role="alert" className="tm-media-problem">
      <Typography.Title level={3} className="tm-subtitle">
        {t(denied ? 'telemedicine.call.deniedTitle' : 'telemedicine.call.missingTitle')}
      </Typography.Title>
      <p>{t(denied ? 'telemedicine.call.deniedText' : 'telemedicine.call.missingText')}</p>
      <Button onClick={onRetry}>{t('common.retry')}</Button>
    </div>
  );
}

/** The desk's cameras (labels known once the call's camera is open), kept current as they come and go. */
function useCameras(): MediaDeviceInfo[] {
  const [cameras, setCameras] = useState<MediaDeviceInfo[]>([]);
  useEffect(() => {
    const devices = navigator.mediaDevices;
    if (!devices?.enumerateDevices) return undefined;
    let gone = false;
    const read = () =>
      void devices
        .enumerateDevices()
        .then((all) => {
          if (!gone) setCameras(all.filter((d) => d.kind === 'videoinput' && d.deviceId !== ''));
        })
        .catch(() => undefined);
    read();
    devices.addEventListener?.('devicechange', read);
    return () => {
      gone = true;
      devices.removeEventListener?.('devicechange', read);
    };
  }, []);
  return cameras;
}

function Call({
  visit,
  iceServers,
  localStream,
}: {
  visit: Visit;
  iceServers: IceServers['iceServers'];
  localStream: MediaStream;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const now = useNow();
  const endCall = useEndCall();
  const [confirming, setConfirming] = useState(false);
  const cameras = useCameras();
  const { snapshot, setAudio, setVideo, switchCamera, hangup, remoteVideoRef, localVideoRef } = useVideoCall({
    visitIdx: visit.visitIdx,
    role: 'staff',
    iceServers,
    localStream,
  });
  const state = snapshot?.state ?? 'connecting';
  const quality = snapshot?.quality ?? 'unknown';
  const audioOn = snapshot?.localMedia.audio ?? true;
  const videoOn = snapshot?.localMedia.video ?? true;
  const remote = snapshot?.remoteMedia;

  // The next camera after the one the call sends now (by the track's deviceId).
  const nextCamera = () => {
    const current = snapshot?.localStream.getVideoTracks()[0]?.getSettings().deviceId;
    const at = cameras.findIndex((camera) => camera.deviceId === current);
    const next = cameras[(at + 1) % cameras.length];
    if (!next) return;
    void switchCamera({ deviceId: next.deviceId }).catch(
      () => void message.error(t('telemedicine.call.switchFailed')),
    );
  };

  const elapsed = visit.callStartedAt ? now - Date.parse(visit.callStartedAt) : 0;
  const hangUp = () => {
    // `bye` first, while the visit is still IN_CALL: once it is COMPLETE the broker refuses
    // the visit's signalling (and a refused publish ends the connection). Pressed again after
    // a failed `endCall`, the call is already over and only the visit is ended.
    hangup();
    endCall.mutate(visit.visitIdx, {
      onSuccess: () => {
        setConfirming(false);
        void message.success(t('telemedicine.call.ended'));
      },
      onError: (e) => void message.error(`${t('telemedicine.actionFailed')} ${errorMessage(e, t)}`),
    });
  };

  return (
    <div className="tm-call" data-state={state}>
      <div className="tm-stage">
        <video
          ref={remoteVideoRef}
          className="tm-remote"
          data-testid="remote-video"
          autoPlay
          playsInline
          aria-label={t('telemedicine.call.remoteVideo', { name: visit.patientName })}
        />
        {!snapshot?.remoteStream && (
          <p className="tm-stage-note" role="status">
            {t('telemedicine.call.waitingForVideo')}
          </p>
        )}
        <video
          ref={localVideoRef}
          className="tm-self"
          data-testid="self-video"
          autoPlay
          playsInline
          muted
          aria-label={t('telemedicine.call.selfVideo')}
        />
        <div className="tm-overlay">
          <span className="tm-timer" aria-label={t('telemedicine.call.timerLabel', { time: clock(elapsed) })}>
            {clock(elapsed)}
          </span>
          <span className={`tm-quality tm-quality-${quality}`} data-testid="call-quality">
            {t(`telemedicine.call.quality.${quality}`)}
          </span>
        </div>
      </div>

      <div className="tm-call-status" role="status" aria-live="polite" data-testid="call-status">
        {state !== 'connected' && (
          <span className={`tm-state tm-state-${state}`} data-testid="call-state">
            {t(`telemedicine.call.state.${state}`)}
          </span>
        )}
        {snapshot?.remoteLeft && (
          <span className="tm-remote-muted">{t('telemedicine.call.patientLeft')}</span>
        )}
        {remote && !remote.audio && (
          <span className="tm-remote-muted" data-testid="remote-muted">
            {t('telemedicine.call.patientMuted')}
          </span>
        )}
        {remote && !remote.video && (
          <span className="tm-remote-muted" data-testid="remote-camera-off">
            {t('telemedicine.call.patientCameraOff')}
          </span>
        )}
      </div>

      <Space wrap className="tm-controls-bar">
        <Button
          size="large"
          type={audioOn ? 'default' : 'primary'}
          aria-pressed={!audioOn}
          onClick={() => setAudio(!audioOn)}
        >
          {t('telemedicine.call.mute')}
        </Button>
        <Button
          size="large"
          type={videoOn ? 'default' : 'primary'}
          aria-pressed={!videoOn}
          onClick={() => setVideo(!videoOn)}
        >
          {t('telemedicine.call.cameraOff')}
        </Button>
        {cameras.length > 1 && (
          <Button size="large" disabled={!snapshot?.canSwitchCamera} onClick={nextCamera}>
            {t('telemedicine.call.switchCamera')}
          </Button>
        )}
        <Button size="large" danger type="primary" onClick={() => setConfirming(true)}>
          {t('telemedicine.call.hangUp')}
        </Button>
      </Space>

      <Modal
        open={confirming}
        title={t('telemedicine.call.hangUpTitle')}
        onCancel={() => setConfirming(false)}
        footer={
          <Space wrap>
            <Button onClick={() => setConfirming(false)}>{t('telemedicine.call.keepTalking')}</Button>
            <Button danger type="primary" loading={endCall.isPending} onClick={hangUp}>
              {t('telemedicine.call.confirmHangUp')}
            </Button>
          </Space>
        }
      >
        <p>{t('telemedicine.call.hangUpText')}</p>
      </Modal>
    </div>
  );
}
