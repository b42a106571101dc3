import { apiPaths } from '@smartcare/contract/api-paths';
import { ResultCode } from '@smartcare/contract/result-codes';
import { screen, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, patientProfile } from '../../testing/factories';
import { mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import { session } from '../../lib/session';
import { HomeScreen } from './home-screen';

beforeEach(() => session.setTokens({ accessToken: 'a', refreshToken: 'r' }));
afterEach(() => vi.unstubAllGlobals());

/** The 알림함 tile's count (issue 12). */
const unread = (unreadCount: number) => ({
  [`GET ${apiPaths.notification.getUnreadCount}`]: () => ({ body: ok({ unreadCount }) }),
});

describe('the home screen', () => {
  it('greets the patient, names the chosen hospital and offers every hospital feature', async () => {
    mockApi({
      ...unread(0),
      [`GET ${apiPaths.patient.getPatient}`]: () => ({
        body: ok(patientProfile({ name: '박영희', choseHospitalIdx: 3, choseHospitalName: '한빛병원' })),
      }),
    });
    renderScreen(<HomeScreen area="hospital" />);
    expect(await screen.findByText('박영희님, 안녕하세요')).toBeInTheDocument();
    expect(screen.getByText('한빛병원')).toBeInTheDocument();
    const services = screen.getByRole('navigation', { name: '서비스' });
    expect(within(services).getAllByRole('link')).toHaveLength(10);
    expect(within(services).getByRole('link', { name: '상담 채팅' })).toHaveAttribute(
      'href',
      '/hospital/consulting/chat',
    );
    // The footer names the operator (config/operator.ts; the demo's number by default).
    expect(screen.getByText('사업자등록번호 123-45-67890')).toBeInTheDocument();
  });

  it('sends the patient to choose a hospital before chat when none is chosen', async () => {
    mockApi({ ...unread(0), [`GET ${apiPaths.patient.getPatient}`]: () => ({ body: ok(patientProfile()) }) });
    renderScreen(<HomeScreen area="hospital" />);
    const chat = await screen.findByRole('link', { name: '상담 채팅' });
    expect(chat).toHaveAttribute(
      'href',
      '/hospital/common/hospitalselect?next=%2Fhospital%2Fconsulting%2Fchat',
    );
    expect(screen.getByText('선택한 병원이 없습니다')).toBeInTheDocument();
  });

  it('shows the home-care features in the home-care area', async () => {
    mockApi({ ...unread(0), [`GET ${apiPaths.patient.getPatient}`]: () => ({ body: ok(patientProfile()) }) });
    renderScreen(<HomeScreen area="homecare" />);
    const services = await screen.findByRole('navigation', { name: '서비스' });
    expect(within(services).getByRole('link', { name: '나의 건강 상태' })).toHaveAttribute(
      'href',
      '/homecare/mystatus/dashboard',
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('스마트 재택케어');
  });

  it('shows a loading state, then an error with a retry when the profile cannot be loaded', async () => {
    mockApi({
      ...unread(0),
      [`GET ${apiPaths.patient.getPatient}`]: () => ({
        status: 500,
        body: fail(ResultCode.SERVER_ERROR, ''),
      }),
    });
    renderScreen(<HomeScreen area="hospital" />);
    expect(screen.getByRole('status')).toHaveTextContent('불러오는 중입니다');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('일시적인 문제가 발생했습니다');
    expect(within(alert).getByRole('button', { name: '다시 시도' })).toBeInTheDocument();
  });

  // issue 10
  it('asks before changing the hospital and says what changes; nothing happens before the answer', async () => {
    mockApi({
      ...unread(0),
      [`GET ${apiPaths.patient.getPatient}`]: () => ({
        body: ok(patientProfile({ choseHospitalIdx: 3, choseHospitalName: '한빛병원' })),
      }),
    });
    renderScreen(<HomeScreen area="hospital" />, { otherRoutes: ['/hospital/common/hospitalselect'] });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByRole('link', { name: '병원 변경' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      '간호사 호출은 바뀌지 않고 병원에서 등록한 입원 병동으로 계속 전달됩니다',
    );
    // Nothing happens until the patient confirms.
    expect(screen.queryByTestId('landed')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: '병원 변경' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/hospital/common/hospitalselect');
  });

  // issue 12
  it('shows the unread count on the 알림함 tile', async () => {
    mockApi({ ...unread(3), [`GET ${apiPaths.patient.getPatient}`]: () => ({ body: ok(patientProfile()) }) });
    renderScreen(<HomeScreen area="hospital" />);
    expect(
      await screen.findByRole('link', { name: /^알림함\s*읽지 않음 3$/ }, { timeout: 5000 }),
    ).toHaveAttribute('href', '/hospital/setting/pushlist');
  });
});
