import type { CalendarDay, DayAdherence } from '@smartcare/contract/medication';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page';
import { EmptyView, ErrorView, LoadingView } from '../../components/ui/state-views';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { useCalendar } from './api/get-calendar';
import { useDoses } from './api/get-doses';
import { DoseCard } from './dose-card';
import { dateText, kstDay } from './medication-text';
import './medication.css';

/** Each day's state as a symbol and a word: readable without colour. */
export const ADHERENCE_SYMBOL: Record<DayAdherence, string> = {
  ALL_TAKEN: '✓',
  SOME_TAKEN: '△',
  MISSED: '✕',
  UPCOMING: '○',
  NONE: '',
};

function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Sunday-first blanks before the 1st. */
const leadingBlanks = (first: string) => new Date(`${first}T00:00:00Z`).getUTCDay();

function Rate({ label, rate }: { label: string; rate: number | null }) {
  const { t } = useTranslation();
  return (
    <div className="med-rate">
      <span className="med-note">{label}</span>
      <strong className="med-rate-value">
        {rate === null
          ? t('medication.calendar.noRate')
          : t('medication.calendar.rate', { percent: Math.round(rate * 100) })}
      </strong>
    </div>
  );
}

function DayDoses({ day }: { day: string }) {
  const { t, i18n } = useTranslation();
  const doses = useDoses(day);
  const today = kstDay();
  return (
    <section className="med-section" aria-labelledby="med-day-title" aria-live="polite">
      <h2 id="med-day-title" className="med-section-title">
        {t('medication.calendar.dayDoses', { date: dateText(day, i18n.language, true) })}
      </h2>
      {doses.isPending && <LoadingView />}
      {doses.isError && (
        <ErrorView message={errorMessage(doses.error)} onRetry={() => void doses.refetch()} />
      )}
      {doses.isSuccess && doses.data.length === 0 && (
        <EmptyView>{t('medication.calendar.state.NONE')}</EmptyView>
      )}
      {doses.isSuccess && doses.data.length > 0 && (
        <ul className="med-doses">
          {doses.data.map((d) => (
            <DoseCard key={d.idx} dose={d} actions={day <= today} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * `/homecare/medication/calendar` (issue 15): a month with each day's adherence as a symbol and
 * a word besides colour; a tap opens that day's doses; the last 7 days' and the month's rate.
 */
export function MedicationCalendarScreen() {
  const { t, i18n } = useTranslation();
  const [month, setMonth] = useState(() => kstDay().slice(0, 7));
  const [selected, setSelected] = useState<string | null>(null);
  const calendar = useCalendar(month);
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const weekdays = ['7', '1', '2', '3', '4', '5', '6'].map((d) => t(`medication.weekday.${d}`));
  const today = kstDay();

  const dayButton = (day: CalendarDay) => {
    const state = t(`medication.calendar.state.${day.adherence}`);
    const label = t('medication.calendar.dayLabel', { date: dateText(day.date, i18n.language, true), state });
    return (
      <button
        type="button"
        className={`med-day-cell med-adh-${day.adherence.toLowerCase()}${day.date === today ? ' med-day-today' : ''}`}
        aria-pressed={selected === day.date}
        onClick={() => setSelected(day.date)}
      >
        <span className="med-day-number">{Number(day.date.slice(8))}</span>
        <span className="med-day-symbol" aria-hidden="true">
          {ADHERENCE_SYMBOL[day.adherence]}
        </span>
        {/* The visible day number starts the name; the date and state follow for screen readers. */}
        <span className="med-hidden">{label}</span>
      </button>
    );
  };

  return (
    <Page title={t('medication.calendarTitle')} back={paths.homecare.medicationMain.href()}>
      <div className="med-screen">
        <h2 className="med-month" aria-live="polite">
          {t('medication.calendar.month', { year, month: monthNumber })}
        </h2>
        <div className="med-month-nav">
          <button
            type="button"
            className="btn"
            onClick={() => {
              setMonth(shiftMonth(month, -1));
              setSelected(null);
            }}
          >
            <span aria-hidden="true">‹</span> {t('medication.calendar.prev')}
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => {
              setMonth(shiftMonth(month, 1));
              setSelected(null);
            }}
          >
            {t('medication.calendar.next')} <span aria-hidden="true">›</span>
          </button>
        </div>
        {calendar.isPending && <LoadingView />}
        {calendar.isError && (
          <ErrorView message={errorMessage(calendar.error)} onRetry={() => void calendar.refetch()} />
        )}
        {calendar.data && (
          <>
            <div className="med-rates">
              <Rate label={t('medication.calendar.weekRate')} rate={calendar.data.weekRate} />
              <Rate label={t('medication.calendar.monthRate')} rate={calendar.data.monthRate} />
            </div>
            <div
              className="med-grid"
              role="grid"
              aria-label={t('medication.calendar.month', { year, month: monthNumber })}
            >
              <div role="row" className="med-grid-row">
                {weekdays.map((w) => (
                  <span key={w} role="columnheader" className="med-weekday">
                    {w}
                  </span>
                ))}
              </div>
              {chunk([...Array<null>(leadingBlanks(`${month}-01`)).fill(null), ...calendar.data.days], 7).map(
                (row, r) => (
                  <div role="row" className="med-grid-row" key={r}>
                    {row.map((day, c) => (
                      <span role="gridcell" key={c} className="med-grid-cell">
                        {day && dayButton(day)}
                      </span>
                    ))}
                  </div>
                ),
              )}
            </div>
            <dl className="med-legend" aria-label={t('medication.calendar.legend')}>
              {(['ALL_TAKEN', 'SOME_TAKEN', 'MISSED', 'UPCOMING'] as const).map((a) => (
                <div key={a} className={`med-legend-item med-adh-${a.toLowerCase()}`}>
                  <dt aria-hidden="true">{ADHERENCE_SYMBOL[a]}</dt>
                  <dd>{t(`medication.calendar.state.${a}`)}</dd>
                </div>
              ))}
            </dl>
            {selected ? (
              <DayDoses day={selected} />
            ) : (
              <p className="med-note">{t('medication.calendar.chooseDay')}</p>
            )}
          </>
        )}
      </div>
    </Page>
  );
}

function chunk<T>(items: T[], size: number): T[][] {
  const rows: T[][] = [];
  for (let i = 0; i < items.length; i += size) rows.push(items.slice(i, i + size));
  return rows;
}
