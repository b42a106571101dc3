import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentRequest } from '@smartcare/contract/document-request';
import { ResultCode } from '@smartcare/contract/result-codes';
import { topics } from '@smartcare/contract/topics';
import { fail, ok, type FakeRequest } from '../../../testing/fake-server';
import { renderConsole } from '../../../testing/render';
import { DocumentQueue } from './document-queue';

const XSS = '<img src=x onerror=alert(1)>';

function request(overrides: Partial<DocumentRequest> = {}): DocumentRequest {
  return {
    idx: 9,
    hospitalIdx: 1,
    hospitalName: '스마트병원 서울본원',
    patientName: '김하늘',
    type: 'DIAGNOSIS',
    department: '내과',
    periodFrom: null,
    periodTo: null,
    purpose: 'INSURANCE',
    purposeNote: '',
    copies: 2,
    language: 'KO',
    delivery: 'APP_PDF',
    note: XSS,
    feeKrw: 21000,
    status: 'REQUESTED',
    rejectReason: '',
    requestedAt: '2026-11-24T01:00:00.000Z',
    updatedAt: '2026-11-24T01:00:00.000Z',
    issueNumber: null,
    issuedAt: null,
    verifyCode: null,
    events: [
      {
        status: 'REQUESTED',
        actorType: 'patient',
        actorName: '김하늘',
        note: '',
        at: '2026-11-24T01:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

describe('the document request queue (issue 16)', () => {
  it(
    'reviews, refuses an empty certificate in Korean, issues with the content written',
    { timeout: 60_000 },
    async () => {
      const calls: FakeRequest[] = [];
      let current = request();
      renderConsole(<DocumentQueue />, {
        routes: {
          'GET /documentRequest/getQueue': (r) => {
            calls.push(r);
            return ok([current]);
          },
          'PUT /documentRequest/review': (r) => {
            calls.push(r);
            current = request({ status: 'IN_REVIEW' });
            return ok(current);
          },
          'PUT /documentRequest/issue': (r) => {
            calls.push(r);
            current = request({
              status: 'ISSUED',
              issueNumber: '2026-1-000001',
              verifyCode: 'ABCD-EFGH-JKMN-PQRS',
            });
            return ok(current);
          },
        },
      });
      const user = userEvent.setup({ delay: null });
      const row = (await screen.findByText('김하늘')).closest('tr')!;
      expect(within(row).getByText('진단서')).toBeInTheDocument();
      await user.click(within(row).getByRole('button', { name: '김하늘 님의 진단서 요청 열기' }));
      const dialog = await screen.findByRole('dialog');
      // the patient's note is text, never markup
      expect(within(dialog).getByText(XSS)).toBeInTheDocument();
      expect(document.querySelector('img[src="x"]')).toBeNull();
      await user.click(within(dialog).getByRole('button', { name: '검토 시작' }));
      const content = await within(dialog).findByLabelText('증명서 내용');
      await user.clear(content);
      await user.click(within(dialog).getByRole('button', { name: 'PDF 만들고 발급' }));
      expect(within(dialog).getByText('증명서 내용을 입력해 주세요.')).toBeInTheDocument();
      expect(calls.filter((c) => c.path.endsWith('/issue'))).toHaveLength(0);
      await user.click(content);
      await user.paste('병명: 급성 위장염');
      await user.click(within(dialog).getByRole('button', { name: 'PDF 만들고 발급' }));
      await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/issue'))).toHaveLength(1));
      expect(calls.find((c) => c.path.endsWith('/issue'))!.body).toEqual({
        idx: 9,
        content: '병명: 급성 위장염',
      });
      expect(await within(dialog).findByText('ABCD-EFGH-JKMN-PQRS')).toBeInTheDocument();
    },
  );

  it('rejects only with a reason', { timeout: 60_000 }, async () => {
    const calls: FakeRequest[] = [];
    renderConsole(<DocumentQueue />, {
      routes: {
        'GET /documentRequest/getQueue': () => ok([request()]),
        'PUT /documentRequest/reject': (r) => {
          calls.push(r);
          return ok(request({ status: 'REJECTED', rejectReason: '기록 없음' }));
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: '김하늘 님의 진단서 요청 열기' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '반려' }));
    await user.click(within(dialog).getByRole('button', { name: '반려하기' }));
    expect(within(dialog).getByText('반려 사유를 입력해 주세요.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await user.click(within(dialog).getByLabelText('반려 사유 (환자에게 보입니다)'));
    await user.paste('기록 없음');
    await user.click(within(dialog).getByRole('button', { name: '반려하기' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ idx: 9, reason: '기록 없음' });
  });

  describe('an issued certificate', () => {
    const saved: Blob[] = [];
    const { createObjectURL, revokeObjectURL } = URL;
    beforeEach(() => {
      saved.length = 0;
      URL.createObjectURL = (blob: Blob | MediaSource) => (saved.push(blob as Blob), 'blob:pdf');
      URL.revokeObjectURL = () => undefined;
    });
    afterEach(() => {
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = revokeObjectURL;
      vi.restoreAllMocks();
    });

    it('downloads the PDF for the desk to print, through the staff call', { timeout: 60_000 }, async () => {
      const calls: FakeRequest[] = [];
      const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      const issued = request({
        status: 'ISSUED',
        delivery: 'DESK',
        issueNumber: '2026-1-000001',
        verifyCode: 'ABCD-EFGH-JKMN-PQRS',
      });
      renderConsole(<DocumentQueue />, {
        routes: {
          'GET /documentRequest/getQueue': () => ok([issued]),
          'GET /documentRequest/getIssuedPdf': (r) => {
            calls.push(r);
            return ok({ fileName: '2026-1-000001.pdf', contentBase64: btoa('%PDF-1.7') });
          },
        },
      });
      const user = userEvent.setup({ delay: null });
      await user.click(await screen.findByRole('button', { name: '김하늘 님의 진단서 요청 열기' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(/창구에서 받는 서류입니다/)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: '발급한 증명서 PDF 내려받기' }));
      await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
      expect(calls).toHaveLength(1);
      expect(calls[0]!.query.get('idx')).toBe('9');
      expect(saved[0]!.type).toBe('application/pdf');
      expect(await saved[0]!.text()).toBe('%PDF-1.7');
      const link = clicked.mock.contexts[0] as HTMLAnchorElement;
      expect(link.download).toBe('2026-1-000001.pdf');
    });

    it('offers no download before it is issued', async () => {
      renderConsole(<DocumentQueue />, {
        routes: { 'GET /documentRequest/getQueue': () => ok([request({ status: 'IN_REVIEW' })]) },
      });
      const user = userEvent.setup({ delay: null });
      await user.click(await screen.findByRole('button', { name: '김하늘 님의 진단서 요청 열기' }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).queryByRole('button', { name: '발급한 증명서 PDF 내려받기' })).toBeNull();
    });
  });

  it('shows the empty and the error state', async () => {
    const { unmount } = renderConsole(<DocumentQueue />, {
      routes: { 'GET /documentRequest/getQueue': () => ok([]) },
    });
    expect(await screen.findByText('요청이 없습니다.')).toBeInTheDocument();
    unmount();
    renderConsole(<DocumentQueue />, {
      routes: { 'GET /documentRequest/getQueue': () => fail(ResultCode.SERVER_ERROR, '', 500) },
    });
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it('shows a new request on a staff desk event and after a reconnect, without polling', async () => {
    let queue = [request()];
    let reads = 0;
    const { realtime } = renderConsole(<DocumentQueue />, {
      routes: {
        'GET /documentRequest/getQueue': () => {
          reads += 1;
          return ok(queue);
        },
      },
    });
    expect(await screen.findByText('김하늘')).toBeInTheDocument();
    expect(realtime.subscriptions()).toContain(topics.staffDesk(1));
    queue = [request({ idx: 10, patientName: '박새봄' }), ...queue];
    // Another queue's event is not this screen's business.
    realtime.deliver(topics.staffDesk(1), { queue: 'appointment', idx: 3, at: '2026-11-24T01:00:00.000Z' });
    realtime.deliver(topics.staffDesk(1), {
      queue: 'documentRequest',
      idx: 10,
      at: '2026-11-24T01:00:00.000Z',
    });
    expect(await screen.findByText('박새봄')).toBeInTheDocument();
    expect(reads).toBe(2);
    realtime.setStatus('reconnecting');
    realtime.setStatus('connected');
    await waitFor(() => expect(reads).toBe(3));
  });
});
