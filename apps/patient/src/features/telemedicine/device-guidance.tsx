import type { TelemedicineDeviceState } from '@smartcare/contract/telemedicine';
import { useTranslation } from 'react-i18next';
import type { MediaProblem } from './device-check';

/**
 * What to do when the camera or microphone cannot be used (never a blank screen or a stack
 * trace): the reason in plain words, the steps on Android (Chrome) and iPhone — to allow a refused
 * device, or to bring back a missing one — and "다시 시도".
 */
export function DeviceGuidance({
  problem,
  camera,
  microphone,
  onRetry,
}: {
  problem: MediaProblem;
  camera: TelemedicineDeviceState;
  microphone: TelemedicineDeviceState;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const which = camera !== 'OK' && microphone !== 'OK' ? 'both' : camera !== 'OK' ? 'camera' : 'microphone';
  return (
    <section className="tm-card tm-guidance" role="alert" aria-labelledby="tm-guidance-title">
      <h2 id="tm-guidance-title" className="tm-section-title">
        {t(`telemedicine.guidance.title.${problem}`)}
      </h2>
      <p className="tm-lead">
        {t(`telemedicine.guidance.why.${problem}`, { device: t(`telemedicine.guidance.device.${which}`) })}
      </p>
      {(problem === 'denied' || problem === 'unknown') && (
        <>
          <h3 className="tm-subtitle">{t('telemedicine.guidance.android')}</h3>
          <ol className="tm-steps">
            <li>{t('telemedicine.guidance.androidStep1')}</li>
            <li>{t('telemedicine.guidance.androidStep2')}</li>
            <li>{t('telemedicine.guidance.androidStep3')}</li>
          </ol>
          <h3 className="tm-subtitle">{t('telemedicine.guidance.ios')}</h3>
          <ol className="tm-steps">
            <li>{t('telemedicine.guidance.iosStep1')}</li>
            <li>{t('telemedicine.guidance.iosStep2')}</li>
            <li>{t('telemedicine.guidance.iosStep3')}</li>
          </ol>
        </>
      )}
      {problem === 'missing' && (
        <>
          <h3 className="tm-subtitle">{t('telemedicine.guidance.android')}</h3>
          <ol className="tm-steps">
            <li>{t('telemedicine.guidance.missingAndroidStep1')}</li>
            <li>{t('telemedicine.guidance.missingAndroidStep2')}</li>
            <li>{t('telemedicine.guidance.missingAndroidStep3')}</li>
          </ol>
          <h3 className="tm-subtitle">{t('telemedicine.guidance.ios')}</h3>
          <ol className="tm-steps">
            <li>{t('telemedicine.guidance.missingIosStep1')}</li>
            <li>{t('telemedicine.guidance.missingIosStep2')}</li>
            <li>{t('telemedicine.guidance.missingIosStep3')}</li>
          </ol>
          <p>{t('telemedicine.guidance.missingHelp')}</p>
        </>
      )}
      {problem === 'busy' && <p>{t('telemedicine.guidance.busyHelp')}</p>}
      {problem === 'insecure' && <p>{t('telemedicine.guidance.insecureHelp')}</p>}
      <p className="tm-help">{t('telemedicine.guidance.callHospital')}</p>
      <button type="button" className="btn btn-primary btn-block btn-large" onClick={onRetry}>
        {t('telemedicine.guidance.retry')}
      </button>
    </section>
  );
}
