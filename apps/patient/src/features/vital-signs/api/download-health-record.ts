import { apiBaseUrl, api } from '../../../lib/api-client';
import { session } from '../../../lib/session';

/**
 * The patient's own FHIR R4 `Patient/{id}/$everything` Bundle, saved as a file (issue 13:
 * "내 건강 기록 내려받기"). FHIR answers are not the app's envelope, so this is a plain fetch
 * with the session's token; an expired token is renewed once through an ordinary call.
 */
export async function downloadHealthRecord(patientIdx: number): Promise<void> {
  const url = `${apiBaseUrl()}/fhir/R4/Patient/${patientIdx}/$everything`;
  const get = () =>
    fetch(url, {
      headers: {
        Accept: 'application/fhir+json',
        Authorization: `Bearer ${session.tokens().accessToken ?? ''}`,
      },
    });
  let response = await get();
  if (response.status === 401) {
    // Any typed call refreshes the pair when the access token has expired.
    await api.vitalSign.getMyTargets();
    response = await get();
  }
  if (!response.ok) throw new Error(`health record: HTTP ${response.status}`);
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `health-record-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
