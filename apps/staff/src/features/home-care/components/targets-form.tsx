import { useId, useState } from 'react';
import { App, Button, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AppLocale } from '@smartcare/contract/result-code-values';
import {
  impossibleValueMessage,
  isWithin,
  TARGET_KINDS,
  type BoundedField,
  type TargetKind,
  type VitalSignTarget,
} from '@smartcare/contract/vital-signs';
import { errorMessage } from '../../../lib/error-message';
import { useClearTarget, useSetTarget } from '../api/change-target';
import { formatDateTime } from '../reading-words';

/** The input bounds each kind's target must respect (the same as a reading's). */
const FIELD_OF: Record<Exclude<TargetKind, 'BLOOD_PRESSURE'>, BoundedField> = {
  TEMPERATURE: 'temperatureC',
  HEART_RATE: 'bpm',
  SPO2: 'percent',
  BLOOD_GLUCOSE: 'mgdl',
};

type Field = 'low' | 'high' | 'high2';
type Errors = Partial<Record<Field, string>>;

/** One kind's target: low and high (blood pressure: below systolic / diastolic), set or removed. */
function TargetRow({
  patientIdx,
  kind,
  target,
}: {
  patientIdx: number;
  kind: TargetKind;
  target?: VitalSignTarget;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const set = useSetTarget(patientIdx);
  const clear = useClearTarget(patientIdx);
  const bp = kind === 'BLOOD_PRESSURE';
  const initial = (value: number | null | undefined) =>
    value === null || value === undefined ? '' : String(value);
  const [values, setValues] = useState<Record<Field, string>>({
    low: initial(target?.low),
    high: initial(target?.high),
    high2: initial(target?.high2),
  });
  const [errors, setErrors] = useState<Errors>({});
  const baseId = useId();
  const kindName = t(`homeCare.kind.${kind}`);
  const fields: Field[] = bp ? ['high', 'high2'] : ['low', 'high'];
  const fieldLabel = (field: Field) =>
    bp
      ? t(field === 'high' ? 'homeCare.targets.systolic' : 'homeCare.targets.diastolic')
      : t(field === 'low' ? 'homeCare.targets.low' : 'homeCare.targets.high');
  const boundOf = (field: Field): BoundedField =>
    bp ? (field === 'high' ? 'systolic' : 'diastolic') : FIELD_OF[kind as keyof typeof FIELD_OF];

  const validate = (): { low: number | null; high: number | null; high2: number | null } | null => {
    const found: Errors = {};
    const parsed: Record<Field, number | null> = { low: null, high: null, high2: null };
    for (const field of fields) {
      const text = values[field].trim();
      if (text === '') continue;
      const value = Number(text);
      if (!Number.isFinite(value)) found[field] = t('homeCare.targets.errors.number');
      else if (!isWithin(boundOf(field), value))
        found[field] = impossibleValueMessage(i18n.language as AppLocale, boundOf(field));
      else parsed[field] = value;
    }
    if (Object.keys(found).length === 0) {
      if (fields.every((field) => values[field].trim() === ''))
        found[fields[0]!] = t('homeCare.targets.errors.required');
      else if (!bp && parsed.low !== null && parsed.high !== null && parsed.low >= parsed.high)
        found.low = t('homeCare.targets.errors.order');
    }
    setErrors(found);
    return Object.keys(found).length === 0 ? parsed : null;
  };

  const save = () => {
    const parsed = validate();
    if (!parsed) return;
    set.mutate(
      { kind, low: bp ? null : parsed.low, high: parsed.high, high2: bp ? parsed.high2 : null },
      {
        onSuccess: () => void message.success(t('homeCare.targets.saved', { kind: kindName })),
        onError: (error) => void message.error(`${t('homeCare.targets.failed')} ${errorMessage(error, t)}`),
      },
    );
  };

  return (
    <form
      className="target-row"
      aria-labelledby={`${baseId}-kind`}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <div className="target-row-head">
        <strong id={`${baseId}-kind`}>{kindName}</strong>
        <span className="target-row-state">
          {target
            ? t('homeCare.targets.setBy', {
                name: target.setByName,
                time: formatDateTime(target.setAt, i18n.language),
              })
            : t('homeCare.targets.none')}
        </span>
      </div>
      <Space wrap align="start">
        {fields.map((field) => (
          <div key={field} className="target-field">
            <label htmlFor={`${baseId}-${field}`}>{fieldLabel(field)}</label>
            <Input
              id={`${baseId}-${field}`}
              inputMode="decimal"
              value={values[field]}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={errors[field] ? `${baseId}-${field}-error` : undefined}
              onChange={(event) => setValues((v) => ({ ...v, [field]: event.target.value }))}
            />
            {errors[field] && (
              <p id={`${baseId}-${field}-error`} className="field-error" role="alert">
                {errors[field]}
              </p>
            )}
          </div>
        ))}
        <div className="target-actions">
          <Button
            htmlType="submit"
            type="primary"
            loading={set.isPending}
            aria-label={t('homeCare.targets.saveLabel', { kind: kindName })}
          >
            {t('homeCare.targets.save')}
          </Button>
          {target && (
            <Button
              loading={clear.isPending}
              aria-label={t('homeCare.targets.clearLabel', { kind: kindName })}
              onClick={() =>
                clear.mutate(kind, {
                  onSuccess: () => {
                    setValues({ low: '', high: '', high2: '' });
                    void message.success(t('homeCare.targets.cleared', { kind: kindName }));
                  },
                  onError: (error) =>
                    void message.error(`${t('homeCare.targets.failed')} ${errorMessage(error, t)}`),
                })
              }
            >
              {t('homeCare.targets.clear')}
            </Button>
          )}
        </div>
      </Space>
    </form>
  );
}

/** The patient's personal targets, one form per kind (issue 13: a nurse sets e.g. BP < 130/80). */
export function TargetsForm({ patientIdx, targets }: { patientIdx: number; targets: VitalSignTarget[] }) {
  const { t } = useTranslation();
  return (
    <section className="patient-panel targets" aria-labelledby="targets-title">
      <Typography.Title level={3} id="targets-title" className="panel-subtitle">
        {t('homeCare.targets.title')}
      </Typography.Title>
      <p className="targets-help">{t('homeCare.targets.help')}</p>
      {TARGET_KINDS.map((kind) => {
        const target = targets.find((x) => x.kind === kind);
        // A changed target remounts its row so the inputs show what was saved.
        return (
          <TargetRow
            key={`${kind}-${target?.setAt ?? 'none'}`}
            patientIdx={patientIdx}
            kind={kind}
            {...(target ? { target } : {})}
          />
        );
      })}
    </section>
  );
}
