import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WatchPatientPage } from '@smartcare/contract/home-care-watch';
import type { QnaQueueItem, QnaStaffQuestion, QnaTemplate } from '@smartcare/contract/qna';
import { ResultCode } from '@smartcare/contract/result-codes';
import { fail, ok, type FakeRequest } from '../../../testing/fake-server';
import { renderConsole } from '../../../testing/render';
import { QnaBoard } from './qna-board';

const XSS = '<img src=x onerror=alert(1)>';
const asked = new Date(Date.now() - 95 * 60_000).toISOString();

function item(overrides: Partial<QnaQueueItem> = {}): QnaQueueItem {
  return {
    idx: 4,
    category: 'SYMPTOM',
    title: '아침에 어지러워요',
    status: 'WAITING',
    photoCount: 1,
    askedAt: asked,
    waitingSince: asked,
    lastActivityAt: asked,
    patientIdx: 21,
    patientName: '박재택',
    assigneeIdx: null,
    assigneeName: null,
    ...overrides,
  };
}
function question(overrides: Partial<QnaStaffQuestion> = {}): QnaStaffQuestion {
  const { patientIdx, patientName, ...rest } = item();
  return {
    ...rest,
    patientIdx,
    patientName,
    text: XSS,
    photoIdxs: [31],
    messages: [],
    ...overrides,
  };
}
const readings: WatchPatientPage = {
  patientIdx: 21,
  name: '박재택',
  birthDate: null,
  sex: null,
  latest: [
    {
      idx: 1,
      kind: 'BLOOD_PRESSURE',
      value: 152,
      value2: 96,
      unit: 'mmHg',
      context: null,
      effectiveAt: asked,
      judgement: null,
      target: null,
    },
  ],
  targets: [],
  note: null,
  alerts: [],
  staleDays: 3,
  lastReadingAt: asked,
};

describe('the Q&A queue (issue 17)', () => {
  it(
    'shows the waiting time, the photo, the latest readings; takes the question and answers it from a template',
    { timeout: 60_000 },
    async () => {
      const calls: FakeRequest[] = [];
      let current = question();
      const templates: QnaTemplate[] = [
        { idx: 2, title: '수분 섭취', text: '물을 충분히 드세요.', createdByName: '김간호' },
      ];
      const { user } = renderConsole(<QnaBoard />, {
        routes: {
          'GET /qna/getQueue': () =>
            ok([item({ assigneeIdx: current.assigneeIdx, assigneeName: current.assigneeName })]),
          'GET /qna/getPatientQuestion': () => ok(current),
          'GET /qna/getPatientPhoto': () => ok({ contentType: 'image/jpeg', dataBase64: '/9j/' }),
          'GET /homeCare/getPatient': (r) => {
            calls.push(r);
            return ok(readings);
          },
          'GET /qna/getTemplates': () => ok(templates),
          'PUT /qna/assignToMe': (r) => {
            calls.push(r);
            current = question({ assigneeIdx: 7, assigneeName: '김간호' });
            return ok(current);
          },
          'POST /qna/answer': (r) => {
            calls.push(r);
            current = question({
              status: 'ANSWERED',
              waitingSince: null,
              assigneeIdx: 7,
              assigneeName: '김간호',
              messages: [
                {
                  idx: 1,
                  authorType: 'staff',
                  authorName: '김간호',
                  authorRole: 'NURSE',
                  text: '물을 충분히 드세요.',
                  at: new Date().toISOString(),
                },
              ],
            });
            return ok(current);
          },
        },
      });
      const row = (await screen.findByText('박재택')).closest('tr')!;
      expect(within(row).getByText('1시간 35분 대기')).toBeInTheDocument();
      await user.click(
        within(row).getByRole('button', { name: '박재택 님의 질문 “아침에 어지러워요” 열기' }),
      );
      const panel = await screen.findByRole('complementary');
      expect(await within(panel).findByText(XSS)).toBeInTheDocument();
      expect(document.querySelector('img[src="x"]')).toBeNull();
      expect(await within(panel).findByRole('img', { name: '환자가 올린 사진 1' })).toBeInTheDocument();
      expect(await within(panel).findByText(/152\/96 mmHg/)).toBeInTheDocument();
      expect(calls.find((c) => c.path.endsWith('/homeCare/getPatient'))!.query.get('patientIdx')).toBe('21');

      await user.click(within(panel).getByRole('button', { name: '내가 담당하기' }));
      await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/assignToMe'))).toHaveLength(1));
      await waitFor(() => expect(within(panel).queryByRole('button', { name: '내가 담당하기' })).toBeNull());

      await user.click(within(panel).getByRole('button', { name: '답변 보내기' }));
      expect(within(panel).getByText('답변을 입력해 주세요')).toBeInTheDocument();
      expect(calls.filter((c) => c.path.endsWith('/answer'))).toHaveLength(0);

      await user.click(within(panel).getByRole('combobox', { name: '답변 템플릿 사용' }));
      await user.click(await screen.findByText('수분 섭취', { selector: '.ant-select-item-option-content' }));
      expect(within(panel).getByLabelText('답변')).toHaveValue('물을 충분히 드세요.');
      await user.click(within(panel).getByRole('button', { name: '답변 보내기' }));
      await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/answer'))).toHaveLength(1));
      expect(calls.find((c) => c.path.endsWith('/answer'))!.body).toEqual({
        idx: 4,
        text: '물을 충분히 드세요.',
      });
      expect(await within(panel).findByText('김간호 간호사')).toBeInTheDocument();
    },
  );

  it('saves the written answer as a template only with a name', { timeout: 60_000 }, async () => {
    const calls: FakeRequest[] = [];
    const { user } = renderConsole(<QnaBoard />, {
      routes: {
        'GET /qna/getQueue': () => ok([item({ photoCount: 0 })]),
        'GET /qna/getPatientQuestion': () => ok(question({ photoIdxs: [] })),
        'GET /homeCare/getPatient': () => ok({ ...readings, latest: [] }),
        'GET /qna/getTemplates': () => ok([]),
        'POST /qna/createTemplate': (r) => {
          calls.push(r);
          return ok({ idx: 5, title: '혈압', text: '내일 아침 혈압을 재 주세요.', createdByName: '김간호' });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: /열기$/ }));
    const panel = await screen.findByRole('complementary');
    expect(await within(panel).findByText('최근 측정 기록이 없습니다.')).toBeInTheDocument();
    await user.click(within(panel).getByLabelText('답변'));
    await user.paste('내일 아침 혈압을 재 주세요.');
    await user.click(within(panel).getByRole('button', { name: '템플릿 저장' }));
    expect(within(panel).getByText('템플릿 이름을 입력해 주세요')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.click(within(panel).getByLabelText(/템플릿 이름/));
    await user.paste('혈압');
    await user.click(within(panel).getByRole('button', { name: '템플릿 저장' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ title: '혈압', text: '내일 아침 혈압을 재 주세요.' });
  });

  it('filters by status and shows the empty and the error state', async () => {
    const { unmount, requests, user } = renderConsole(<QnaBoard />, {
      routes: { 'GET /qna/getQueue': () => ok([]) },
    });
    expect(await screen.findByText('질문이 없습니다.')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: '상태로 거르기' }));
    await user.click(await screen.findByText('답변 완료', { selector: '.ant-select-item-option-content' }));
    await waitFor(() =>
      expect(
        requests.some((r) => r.path.endsWith('/qna/getQueue') && r.query.get('status') === 'ANSWERED'),
      ).toBe(true),
    );
    unmount();
    renderConsole(<QnaBoard />, {
      routes: { 'GET /qna/getQueue': () => fail(ResultCode.SERVER_ERROR, '', 500) },
    });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });
});
