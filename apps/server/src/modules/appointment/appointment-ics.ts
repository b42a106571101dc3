import { APPOINTMENT_TYPE_KO, type Appointment } from '@smartcare/contract/appointment';

/** `20261128T003000Z`: iCalendar's UTC form (RFC 5545 §3.3.5), which every calendar app reads. */
const icsTime = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Text values escape backslash, semicolon, comma and newlines (RFC 5545 §3.3.11). */
const icsText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets are folded (RFC 5545 §3.1), without splitting a UTF-8 character. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** One appointment or personal item as an `.ics` calendar with one event and a reminder. */
export function appointmentIcs(item: Appointment, stamp: Date): string {
  const start = new Date(item.startsAt);
  const end = new Date(start.getTime() + item.durationMin * 60_000);
  const summary =
    item.kind === 'PERSONAL'
      ? item.title
      : [item.hospitalName, item.department, item.type ? APPOINTMENT_TYPE_KO[item.type] : '']
          .filter(Boolean)
          .join(' ');
  const location = [item.building, item.floor, item.room].filter(Boolean).join(' ');
  const description = [
    item.doctor ? `담당: ${item.doctor}` : '',
    item.preparation ? `준비: ${item.preparation}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Smart Care//Appointments//KO',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:appointment-${item.idx}@smartcare`,
    `DTSTAMP:${icsTime(stamp)}`,
    `DTSTART:${icsTime(start)}`,
    `DTEND:${icsTime(end)}`,
    `SUMMARY:${icsText(summary)}`,
    ...(location ? [`LOCATION:${icsText(location)}`] : []),
    ...(description ? [`DESCRIPTION:${icsText(description)}`] : []),
    `STATUS:${item.status === 'CANCELLED' ? 'CANCELLED' : 'CONFIRMED'}`,
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    'TRIGGER:-PT2H',
    `DESCRIPTION:${icsText(summary)}`,
    'END:VALARM',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
