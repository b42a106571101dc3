import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ContentChange, EditorContent } from '@smartcare/contract/hospital-content';
import { ResultCode } from '@smartcare/contract/result-codes';
import { ContentEditRoute, ContentNewRoute, ContentRoute } from '../../../app/routes/content';
import { staffProfile } from '../../../testing/factories';
import { fail, ok, type FakeRequest } from '../../../testing/fake-server';
import { renderConsole } from '../../../testing/render';

const admin = staffProfile({ role: 'ADMIN', name: '박관리', loginId: 'admin01' });
const DAY = 86_400_000;

function item(overrides: Partial<EditorContent> = {}): EditorContent {
  return {
    idx: 1,
    kind: 'NOTICE',
    category: '진료 안내',
    title: '연말 진료 시간 변경 안내',
    body: '<p>12월 31일은 오후 1시까지 진료합니다.</p>',
    pinned: false,
    sortOrder: 0,
    keywords: '',
    image: null,
    attachments: [],
    relatedIdxs: [],
    publishedAt: null,
    updatedAt: '2026-11-24T01:00:00.000Z',
    status: 'DRAFT',
    publishAt: null,
    unpublishedAt: null,
    createdAt: '2026-11-24T01:00:00.000Z',
    createdByName: '박관리',
    updatedByName: '박관리',
    deletedAt: null,
    restorableUntil: null,
    important: false,
    importantPushedAt: null,
    ...overrides,
  };
}

const routes = (
  <Routes>
    <Route path="/content" element={<ContentRoute />} />
    <Route path="/content/new" element={<ContentNewRoute />} />
    <Route path="/content/:idx" element={<ContentEditRoute />} />
  </Routes>
);

describe('the content list (issue 14)', () => {
  it('shows each item with its state, filters by state and category, and searches ignoring spacing', async () => {
    const live = [
      item({ idx: 1, title: '연말 진료 시간 변경 안내', pinned: true, important: true }),
      item({
        idx: 2,
        title: '독감 예방접종 안내',
        category: '예방접종',
        status: 'SCHEDULED',
        publishAt: '2026-12-01T00:00:00.000Z',
      }),
      item({ idx: 3, title: '주차장 공사 안내', category: '시설', status: 'PUBLISHED' }),
    ];
    const deleted = [
      item({
        idx: 9,
        title: '지난 행사 안내',
        status: 'DELETED',
        deletedAt: new Date(Date.now() - 2 * DAY).toISOString(),
        restorableUntil: new Date(Date.now() + 28 * DAY - 60_000).toISOString(),
      }),
    ];
    const seen: FakeRequest[] = [];
    const { user } = renderConsole(routes, {
      me: admin,
      route: '/content',
      routes: {
        'GET /hospitalContent/getEditorList': (request) => {
          seen.push(request);
          return ok(request.query.get('deleted') === 'true' ? deleted : live);
        },
        'PUT /hospitalContent/restore': () => ok({ ...deleted[0]!, status: 'DRAFT' }),
      },
    });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('연말 진료 시간 변경 안내')).toBeInTheDocument();
    expect(within(table).getByText('상단 고정')).toBeInTheDocument();
    expect(within(table).getByText('중요')).toBeInTheDocument();
    expect(within(table).getByText('게시 예약')).toBeInTheDocument();
    expect(within(table).getByText('임시 저장')).toBeInTheDocument();
    expect(seen[0]!.query.get('kind')).toBe('NOTICE');

    const search = screen.getByRole('searchbox', { name: '제목, 분류, 키워드로 검색' });
    fireEvent.change(search, { target: { value: '주차장공사' } });
    await waitFor(() => expect(within(table).queryByText('독감 예방접종 안내')).not.toBeInTheDocument());
    expect(within(table).getByText('주차장 공사 안내')).toBeInTheDocument();
    fireEvent.change(search, { target: { value: '없는말' } });
    expect(
      await screen.findByText('조건에 맞는 항목이 없습니다. 필터나 검색어를 바꿔 보세요.'),
    ).toBeInTheDocument();
    fireEvent.change(search, { target: { value: '' } });

    // The deleted ones, with the days left to restore them.
    await user.click(screen.getByRole('combobox', { name: '상태' }));
    await user.click(await screen.findByTitle('삭제됨 (복원 가능)'));
    expect(await screen.findByText('지난 행사 안내')).toBeInTheDocument();
    expect(screen.getByText('28일 안에 복원 가능')).toBeInTheDocument();
    expect(seen.some((r) => r.query.get('deleted') === 'true')).toBe(true);
    await user.click(screen.getByRole('button', { name: '지난 행사 안내 복원' }));
    await user.click(await screen.findByRole('button', { name: '복원' }));
    expect(await screen.findByText('복원했습니다: "지난 행사 안내"')).toBeInTheDocument();
  }, 180_000);

  it('shows an empty state per kind, and an error state with retry', async () => {
    let fails = true;
    const { user } = renderConsole(routes, {
      me: admin,
      route: '/content?kind=FAQ',
      routes: {
        'GET /hospitalContent/getEditorList': () =>
          fails ? fail(ResultCode.SERVER_ERROR, '서버 오류입니다.', 500) : ok([]),
      },
    });
    expect(await screen.findByText('서버 오류입니다.')).toBeInTheDocument();
    fails = false;
    await user.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(
      await screen.findByText('아직 자주 묻는 질문이 없습니다. 새 질문을 작성해 보세요.'),
    ).toBeInTheDocument();
  }, 180_000);

  it('is closed to staff who are not editors', async () => {
    renderConsole(routes, { me: staffProfile({ role: 'NURSE' }), route: '/content' });
    expect(await screen.findByText('콘텐츠를 편집할 권한이 없습니다')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  }, 180_000);
});

describe('the editor form (issue 14)', () => {
  it('asks for each missing field in Korean and sends nothing', async () => {
    const { user, requests } = renderConsole(routes, {
      me: admin,
      route: '/content/new?kind=NOTICE',
      routes: { 'GET /hospitalContent/getEditorList': () => ok([]) },
    });
    await user.click(await screen.findByRole('button', { name: '저장' }));
    expect(await screen.findByText('분류를 입력해 주세요.')).toBeInTheDocument();
    expect(screen.getByText('제목을 입력해 주세요.')).toBeInTheDocument();
    expect(screen.getByText('본문을 입력해 주세요.')).toBeInTheDocument();
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  }, 180_000);

  it('writes a notice with an image, publishes it, and refuses a file over the limit before sending it', async () => {
    const sent: FakeRequest[] = [];
    let stored = item({ idx: 41 });
    const { user } = renderConsole(routes, {
      me: admin,
      route: '/content/new?kind=NOTICE',
      routes: {
        'GET /hospitalContent/getEditorList': () => ok([]),
        'POST /hospitalContent/uploadFile': (request) => {
          sent.push(request);
          return ok({
            fileKey: 'a'.repeat(32),
            fileName: 'map.png',
            contentType: 'image/png',
            sizeBytes: 68,
            url: `/medical2/app/api/hospitalContent/getFile?key=${'a'.repeat(32)}`,
          });
        },
        'POST /hospitalContent/create': (request) => {
          sent.push(request);
          const body = request.body as { title: string; body: string; important: boolean; category: string };
          stored = item({ idx: 41, ...body });
          return ok(stored);
        },
        'PUT /hospitalContent/publish': (request) => {
          sent.push(request);
          stored = { ...stored, status: 'PUBLISHED', publishAt: new Date().toISOString() };
          return ok(stored);
        },
        'GET /hospitalContent/getEditorContent': () => ok(stored),
        'GET /hospitalContent/getChanges': () =>
          ok<ContentChange[]>([
            { action: 'PUBLISH', staffIdx: 7, staffName: '박관리', at: '2026-11-25T01:00:00.000Z' },
            { action: 'CREATE', staffIdx: 7, staffName: '박관리', at: '2026-11-25T00:59:00.000Z' },
          ]),
      },
    });
    fireEvent.change(await screen.findByRole('combobox', { name: '분류' }), { target: { value: '시설' } });
    fireEvent.change(screen.getByRole('textbox', { name: '제목' }), {
      target: { value: '주차장 공사 안내' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: '본문' }), {
      target: { value: '<p>지하 주차장을 공사합니다.</p>' },
    });
    await user.click(screen.getByRole('checkbox', { name: '중요 공지로 알림 보내기' }));

    // Too large: refused with the limit, nothing sent.
    const big = new File([new Uint8Array(3 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await act(async () => {
      fireEvent.change(screen.getByTestId('body-image-input'), { target: { files: [big] } });
    });
    expect(
      await screen.findByText('이미지는 3MB까지 올릴 수 있습니다. 크기를 줄여 다시 올려 주세요.'),
    ).toBeInTheDocument();
    const pdfAsImage = new File(['%PDF-1.4'], 'doc.pdf', { type: 'application/pdf' });
    await act(async () => {
      fireEvent.change(screen.getByTestId('body-image-input'), { target: { files: [pdfAsImage] } });
    });
    expect(
      await screen.findByText('이미지(PNG, JPG, WEBP, GIF)나 PDF 파일만 올릴 수 있습니다.'),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'map.png', { type: 'image/png' });
    await act(async () => {
      fireEvent.change(screen.getByTestId('body-image-input'), { target: { files: [png] } });
    });
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: '본문' }) as HTMLTextAreaElement).value).toContain(
        `<img src="/medical2/app/api/hospitalContent/getFile?key=${'a'.repeat(32)}" alt="map">`,
      ),
    );

    await user.click(screen.getByRole('button', { name: '저장하고 지금 게시' }));
    expect(await screen.findByText('게시했습니다. 환자 앱에 바로 보입니다.')).toBeInTheDocument();
    const create = sent.find((r) => r.path === '/hospitalContent/create')!;
    expect(create.body).toMatchObject({
      kind: 'NOTICE',
      category: '시설',
      title: '주차장 공사 안내',
      important: true,
      pinned: false,
    });
    expect((create.body as { body: string }).body).toContain('<img src=');
    expect(sent.find((r) => r.path === '/hospitalContent/publish')!.body).toEqual({ idx: 41 });

    // Now the saved item's page, with its state and history.
    expect(await screen.findByText('게시 중')).toBeInTheDocument();
    expect(await screen.findByText('변경 기록')).toBeInTheDocument();
    expect(screen.getAllByText(/박관리 ·/)).toHaveLength(2);
  }, 180_000);

  it('previews the stored, sanitised body in a phone frame', async () => {
    const saved = item({
      idx: 5,
      kind: 'GUIDE',
      category: '주차',
      title: '주차 요금 안내',
      body: '<h2>요금</h2><ul><li>30분 무료</li></ul>',
      status: 'PUBLISHED',
      publishAt: '2026-11-20T00:00:00.000Z',
    });
    const { user } = renderConsole(routes, {
      me: admin,
      route: '/content/5',
      routes: {
        'GET /hospitalContent/getEditorContent': () => ok(saved),
        'GET /hospitalContent/getEditorList': () => ok([saved]),
        'GET /hospitalContent/getChanges': () => ok([]),
        'PUT /hospitalContent/update': (request) => {
          // The server's sanitiser drops what is not allowed.
          const body = (request.body as { body: string }).body.replace(/<script>.*<\/script>/, '');
          return ok({ ...saved, body });
        },
      },
    });
    const bodyField = await screen.findByRole('textbox', { name: '본문' });
    await waitFor(() => expect((bodyField as HTMLTextAreaElement).value).toContain('30분 무료'));
    fireEvent.change(bodyField, {
      target: { value: '<h2>요금</h2><script>alert(1)</script><ul><li>30분 무료</li></ul>' },
    });
    await user.click(screen.getByRole('button', { name: '저장하고 미리보기' }));
    const frame = await screen.findByRole('region', { name: '환자 앱 화면 (360px)' });
    expect(within(frame).getByRole('heading', { name: '요금' })).toBeInTheDocument();
    expect(within(frame).getByText('30분 무료')).toBeInTheDocument();
    expect(frame.querySelector('script')).toBeNull();
    expect(screen.getByText('변경 기록이 없습니다.')).toBeInTheDocument();
  }, 180_000);
});
