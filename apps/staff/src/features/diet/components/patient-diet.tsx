import { useState } from 'react';
import { App, Button, Card, Checkbox, Form, InputNumber, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  MEAL_TYPES,
  NUTRIENT_MAX,
  NUTRIENTS,
  percentOf,
  type DayTotal,
  type DietTargets,
  type Meal,
  type Nutrient,
} from '@smartcare/contract/diet';
import { ResultCode } from '@smartcare/contract/result-codes';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { usePatientDiet, type PatientDiet as PatientDietData } from '../api/get-patient-diet';
import { usePatientPhoto } from '../api/get-patient-photo';
import { useResetDietTargets, useSetDietTargets } from '../api/set-targets';

const KST_MS = 9 * 3600_000;
const DAY_MS = 86_400_000;
const seoulToday = () => new Date(Date.now() + KST_MS).toISOString().slice(0, 10);
const shiftDate = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

function useAmount() {
  const { t, i18n } = useTranslation();
  return (n: Nutrient, value: number) =>
    t(`diet.unitOf.${n}`, {
      value: value.toLocaleString(i18n.language === 'kr-KO' ? 'ko-KR' : i18n.language),
    });
}

const callOutOf = (targets: DietTargets): Nutrient[] => [
  ...(targets.diabetic ? (['carbG'] as const) : []),
  ...(targets.hypertensive ? (['sodiumMg'] as const) : []),
];

/**
 * `/home-care/:patientIdx/diet` (issue 15): a home-care patient's meals of a day with the
 * totals against the daily targets, the week's summary (days without entries said so), the
 * meal photos, and the nurse's targets and diabetic / hypertensive call-outs.
 */
export function PatientDiet({ patientIdx }: { patientIdx: number }) {
  const { t } = useTranslation();
  const today = seoulToday();
  const [date, setDate] = useState(today);
  const diet = usePatientDiet(patientIdx, date === today ? undefined : date);

  return (
    <div style={{ padding: 16, display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {diet.data ? t('diet.title', { name: diet.data.patientName }) : t('diet.titleLoading')}
      </Typography.Title>
      <Space wrap aria-label={t('diet.dayNav')} role="group">
        <Button onClick={() => setDate(shiftDate(date, -1))}>{t('diet.previousDay')}</Button>
        <Typography.Text strong aria-live="polite">
          {date === today ? t('diet.today', { date }) : date}
        </Typography.Text>
        <Button onClick={() => setDate(shiftDate(date, 1))} disabled={date >= today}>
          {t('diet.nextDay')}
        </Button>
      </Space>
      {diet.isPending && <LoadingState />}
      {diet.isError && <ErrorState error={diet.error} onRetry={() => void diet.refetch()} />}
      {diet.data && <DietView patientIdx={patientIdx} data={diet.data} />}
    </div>
  );
}

function DietView({ patientIdx, data }: { patientIdx: number; data: PatientDietData }) {
  const { t } = useTranslation();
  const amount = useAmount();
  const callOut = callOutOf(data.targets);
  const rows = NUTRIENTS.map((n) => ({
    key: n,
    nutrient: n,
    value: data.totals[n],
    target: data.targets[n],
    percent: percentOf(data.totals[n], data.targets[n]),
  }));
  return (
    <>
      <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{t('diet.totalsTitle')}</h2>}>
        {data.meals.length === 0 && <p>{t('diet.emptyDay')}</p>}
        <Table
          size="small"
          pagination={false}
          dataSource={rows}
          columns={[
            {
              title: t('diet.col.nutrient'),
              dataIndex: 'nutrient',
              render: (n: Nutrient) => (
                <Space wrap>
                  {t(`diet.nutrient.${n}`)}
                  {callOut.includes(n) && <Tag color="gold">{t(`diet.callOut.${n}`)}</Tag>}
                </Space>
              ),
            },
            {
              title: t('diet.col.intake'),
              dataIndex: 'value',
              render: (v: number, r) => amount(r.nutrient, v),
            },
            {
              title: t('diet.col.target'),
              dataIndex: 'target',
              render: (v: number, r) => amount(r.nutrient, v),
            },
            {
              title: t('diet.col.percent'),
              dataIndex: 'percent',
              render: (p: number) =>
                p > 100 ? <Tag color="red">{t('diet.over', { percent: p })}</Tag> : `${p}%`,
            },
          ]}
        />
        <p>{t('diet.targets.foodSource')}</p>
      </Card>

      <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{t('diet.mealsTitle')}</h2>}>
        {data.meals.length === 0 ? (
          <EmptyState text={t('diet.emptyDay')} />
        ) : (
          MEAL_TYPES.map((type) => {
            const meals = data.meals.filter((m) => m.mealType === type);
            return (
              <section key={type} style={{ marginBottom: 12 }}>
                <h3 style={{ fontSize: 16, margin: '8px 0' }}>{t(`diet.mealType.${type}`)}</h3>
                {meals.length === 0 ? (
                  <Typography.Text type="secondary">{t('diet.noMeal')}</Typography.Text>
                ) : (
                  meals.map((meal) => <MealRow key={meal.idx} patientIdx={patientIdx} meal={meal} />)
                )}
              </section>
            );
          })
        )}
      </Card>

      <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{t('diet.weekTitle')}</h2>}>
        <WeekTable week={data.week} targets={data.targets} />
      </Card>

      <TargetsForm key={JSON.stringify(data.targets)} patientIdx={patientIdx} targets={data.targets} />
    </>
  );
}

function MealRow({ patientIdx, meal }: { patientIdx: number; meal: Meal }) {
  const { t } = useTranslation();
  const amount = useAmount();
  const [showPhoto, setShowPhoto] = useState(false);
  const photo = usePatientPhoto(patientIdx, meal.idx, showPhoto);
  return (
    <div style={{ borderTop: '1px solid #eee', padding: '8px 0' }}>
      <Space wrap>
        <strong>{meal.eatenAt.slice(11, 16)}</strong>
        <span>{amount('kcal', meal.totals.kcal)}</span>
        <span>
          {t('diet.nutrient.carbG')} {amount('carbG', meal.totals.carbG)}
        </span>
        <span>
          {t('diet.nutrient.sodiumMg')} {amount('sodiumMg', meal.totals.sodiumMg)}
        </span>
      </Space>
      <ul style={{ margin: '4px 0', paddingLeft: 20 }}>
        {meal.items.map((item, i) => (
          <li key={i} style={{ overflowWrap: 'anywhere' }}>
            {item.name}
            {item.unit === 'SERVING' && ` ${t('diet.amountServing', { amount: item.amount })}`}
            {item.unit === 'GRAM' && ` ${t('diet.amountGram', { amount: item.amount })}`}
            {item.unit === 'FREE' && ` (${t('diet.freeEntry')})`}
            {` · ${amount('kcal', item.kcal)}`}
          </li>
        ))}
      </ul>
      {meal.memo && (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {meal.memo}
        </Typography.Paragraph>
      )}
      {meal.hasPhoto && !showPhoto && (
        <Button onClick={() => setShowPhoto(true)}>{t('diet.showPhoto')}</Button>
      )}
      {showPhoto && photo.isPending && <LoadingState />}
      {showPhoto && photo.isError && <Typography.Text type="danger">{t('diet.photoFailed')}</Typography.Text>}
      {photo.data && (
        <img
          src={photo.data}
          alt={t('diet.photoAlt', { time: meal.eatenAt.slice(11, 16) })}
          style={{ display: 'block', maxWidth: 'min(100%, 480px)', height: 'auto', borderRadius: 8 }}
        />
      )}
    </div>
  );
}

function WeekTable({ week, targets }: { week: DayTotal[]; targets: DietTargets }) {
  const { t } = useTranslation();
  const amount = useAmount();
  const logged = week.filter((d) => d.mealCount > 0);
  const average = (n: Nutrient) =>
    logged.length === 0 ? 0 : Math.round(logged.reduce((sum, d) => sum + d[n], 0) / logged.length);
  const cell = (n: Nutrient) => (v: number, d: DayTotal) =>
    d.mealCount === 0 ? (
      '—'
    ) : v > targets[n] ? (
      <Space wrap>
        {amount(n, v)}
        <Tag color="red">{t('diet.overShort')}</Tag>
      </Space>
    ) : (
      amount(n, v)
    );
  return (
    <>
      <Table
        size="small"
        pagination={false}
        rowKey="date"
        dataSource={week}
        columns={[
          { title: t('diet.col.date'), dataIndex: 'date' },
          {
            title: t('diet.col.meals'),
            dataIndex: 'mealCount',
            render: (c: number) =>
              c === 0 ? <Tag>{t('diet.noEntries')}</Tag> : t('diet.mealCount', { count: c }),
          },
          { title: t('diet.nutrient.kcal'), dataIndex: 'kcal', render: cell('kcal') },
          { title: t('diet.nutrient.carbG'), dataIndex: 'carbG', render: cell('carbG') },
          { title: t('diet.nutrient.sodiumMg'), dataIndex: 'sodiumMg', render: cell('sodiumMg') },
        ]}
      />
      <p style={{ marginTop: 8 }}>
        {t('diet.weekSummary', {
          days: logged.length,
          kcal: amount('kcal', average('kcal')),
          carb: amount('carbG', average('carbG')),
          sodium: amount('sodiumMg', average('sodiumMg')),
        })}
      </p>
    </>
  );
}

type TargetsFormValues = Record<Nutrient, number | null> & { diabetic: boolean; hypertensive: boolean };

function TargetsForm({ patientIdx, targets }: { patientIdx: number; targets: DietTargets }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<TargetsFormValues>();
  const save = useSetDietTargets(patientIdx);
  const reset = useResetDietTargets(patientIdx);

  const submit = async (values: TargetsFormValues) => {
    try {
      await save.mutateAsync({
        kcal: values.kcal ?? 0,
        carbG: values.carbG ?? 0,
        proteinG: values.proteinG ?? 0,
        fatG: values.fatG ?? 0,
        sugarG: values.sugarG ?? 0,
        sodiumMg: values.sodiumMg ?? 0,
        diabetic: values.diabetic,
        hypertensive: values.hypertensive,
      });
      void message.success(t('diet.targets.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.code === ResultCode.DIET_INVALID) {
        const fields = (error.data as { fields?: { field: string; message: string }[] } | null)?.fields ?? [];
        form.setFields(fields.map((f) => ({ name: f.field as Nutrient, errors: [f.message] })));
      } else void message.error(`${t('diet.targets.failed')} ${errorMessage(error, t)}`);
    }
  };

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{t('diet.targets.title')}</h2>}>
      <p>
        {targets.source === 'NURSE'
          ? t('diet.targets.byNurse', {
              name: targets.setByName ?? '',
              at: (targets.setAt ?? '').slice(0, 16).replace('T', ' '),
            })
          : t('diet.targets.kdri')}
      </p>
      <Form<TargetsFormValues>
        form={form}
        layout="vertical"
        initialValues={targets}
        onFinish={(values) => void submit(values)}
        style={{ maxWidth: 640 }}
      >
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 180px), 1fr))',
            gap: '0 16px',
          }}
        >
          {NUTRIENTS.map((n) => (
            <Form.Item
              key={n}
              name={n}
              label={t(`diet.targets.field.${n}`)}
              rules={[
                { required: true, message: t('diet.targets.required') },
                {
                  type: 'number',
                  min: 1,
                  max: NUTRIENT_MAX[n],
                  message: t('diet.targets.range', { max: NUTRIENT_MAX[n] }),
                },
              ]}
            >
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          ))}
        </div>
        <Form.Item name="diabetic" valuePropName="checked">
          <Checkbox>{t('diet.targets.diabetic')}</Checkbox>
        </Form.Item>
        <Form.Item name="hypertensive" valuePropName="checked">
          <Checkbox>{t('diet.targets.hypertensive')}</Checkbox>
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('diet.targets.save')}
          </Button>
          {targets.source === 'NURSE' && (
            <Button
              onClick={() =>
                void reset.mutateAsync().then(
                  () => void message.success(t('diet.targets.resetDone')),
                  (error: unknown) =>
                    void message.error(`${t('diet.targets.failed')} ${errorMessage(error, t)}`),
                )
              }
              loading={reset.isPending}
            >
              {t('diet.targets.reset')}
            </Button>
          )}
        </Space>
      </Form>
    </Card>
  );
}
