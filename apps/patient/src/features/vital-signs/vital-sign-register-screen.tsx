import type { VitalSign } from '@smartcare/contract/vital-signs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { useRecordVitalSign } from './api/record-vital-sign';
import { ReadingForm } from './reading-form';
import { ReadingJudgement } from './reading-judgement';
import { detailPathOf } from './register-paths';
import type { RegisterKind } from './vital-sign-form';
import './vital-signs.css';

/**
 * `/homecare/mystatus/{temp,bloodpressure,bloodglucose,heartrate,sleep}/regist` (issue 13):
 * the patient types one reading, measured now or earlier (never later), and reads its class in
 * words with the guideline it comes from; an urgent value says plainly what to do.
 */
export function VitalSignRegisterScreen({ kind }: { kind: RegisterKind }) {
  // The five routes render this one component: React would keep one kind's draft and answer
  // when the patient moves to another kind's screen, so each kind gets its own instance.
  return <RegisterForm key={kind} kind={kind} />;
}

function RegisterForm({ kind }: { kind: RegisterKind }) {
  const { t } = useTranslation();
  const record = useRecordVitalSign();
  const [saved, setSaved] = useState<VitalSign[] | null>(null);
  // A new form (empty, time now) after each "record again".
  const [round, setRound] = useState(0);
  const title = t('vitalSigns.registerTitle', { kind: t(`vitalSigns.kind.${kind}`) });

  const again = () => {
    setSaved(null);
    setRound((n) => n + 1);
    record.reset();
  };

  if (saved) {
    const [reading, ...alsoStored] = saved;
    return (
      <Page title={title} back={paths.homecare.myStatusDashboard.href()}>
        <div className="vital-result">
          <p className="vital-result-saved" role="status">
            {t('vitalSigns.saved')}
          </p>
          {reading && <ReadingJudgement reading={reading} />}
          {alsoStored.map((other) => (
            <p key={other.idx} className="vital-note">
              {t('vitalSigns.pulseAlsoStored', { bpm: other.value })}
            </p>
          ))}
          <button type="button" className="btn btn-primary btn-block" onClick={again}>
            {t('vitalSigns.recordAgain')}
          </button>
          <Link className="btn btn-block" to={detailPathOf(kind)}>
            {t('vitalSignDetail.toDetail', { kind: t(`vitalSigns.kind.${kind}`) })}
          </Link>
          <Link className="btn btn-block" to={paths.homecare.myStatusDashboard.href()}>
            {t('vitalSigns.toDashboard')}
          </Link>
        </div>
      </Page>
    );
  }

  return (
    <Page title={title} back={paths.homecare.myStatusDashboard.href()}>
      <ReadingForm
        key={round}
        kind={kind}
        pending={record.isPending}
        onSave={async (input) => {
          const result = await record.mutateAsync(input);
          setSaved(result.readings);
        }}
      />
    </Page>
  );
}
