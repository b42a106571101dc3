/** The video visit's WebRTC client, for both apps (`@smartcare/web-core/video-call`). */
export {
  createVideoCall,
  type CameraChoice,
  type FacingMode,
  type MediaState,
  type VideoCall,
  type VideoCallDeps,
  type VideoCallOptions,
  type VideoCallSnapshot,
  type VideoCallState,
} from './video-call';
export { useVideoCall, type UseVideoCall, type UseVideoCallOptions } from './use-video-call';
export { qualityOf, readCallStats, QUALITY_LIMITS, type CallQuality, type CallStats } from './quality';
export {
  signalTopic,
  otherRole,
  readSignal,
  sdpSessionId,
  type CallRole,
  type SignalMessage,
} from './signal';
