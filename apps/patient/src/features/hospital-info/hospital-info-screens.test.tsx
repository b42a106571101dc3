import { apiPaths } from '@smartcare/contract/api-paths';
import type { Content, NoticeSummary, SearchResult } from '@smartcare/contract/hospital-content';
import { screen, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { fail, ok, patientProfile } from '../../testing/factories';
import { mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import { ContentDetailScreen } from './content-detail-screen';
import { FaqScreen } from './faq-screen';
import { GuideSearchScreen } from './guide-search-screen';
import { NoticeListScreen } from './notice-list-screen';
import { ServiceHomeScreen } from './service-home-screen';

const P = apiPaths.hospitalContent;

function notice(overrides: Partial<NoticeSummary> = {}): NoticeSummary {
  return {
    idx: 1,
    category: '진료 안내',
    title: '설 연휴 외래 진료 안내',
    pinned: false,
    publishedAt: '2026-11-20T01:00:00.000Z',
    hasAttachments: false,
    read: false,
    ...overrides,
  };
}

function content(overrides: Partial<Content> = {}): Content {
  return {
    idx: 1,
    kind: 'NOTICE',
    category: '진료 안내',
    title: '설 연휴 외래 진료 안내',
    body: '<p>연휴 기간에는 <strong>응급실</strong>만 운영합니다.</p>',
    pinned: false,
    sortOrder: 0,
    keywords: '',
    image: null,
    attachments: [],
    relatedIdxs: [],
    publishedAt: '2026-11-20T01:00:00.000Z',
    updatedAt: '2026-11-20T01:00:00.000Z',
    ...overrides,
  };
}

function result(overrides: Partial<SearchResult> = {}): SearchResult {
  return {
    idx: 30,
    kind: 'GUIDE',
    category: '주차',
    title: '주차 안내',
    snippet: '본관 지하 주차장을 이용해 주세요.',
    matchedBy: 'CHOSEONG',
    titleHighlights: [[0, 2]],
    snippetHighlights: [],
    ...overrides,
  };
}

const page = (dataList: NoticeSummary[], pNum: number, totalCount: number) =>
  ok({ dataList, totalCount, pNum, pSize: 20 });

beforeEach(() => {
  session.setTokens({ accessToken: 'a', refreshToken: 'r' });
  session.setMyData(patientProfile({ choseHospitalIdx: 3, choseHospitalName: '서울중앙병원' }));
});
afterEach(() => vi.unstubAllGlobals());

describe('the notice list', () => {
  it('marks pinned and unread notices and loads the next page on request', async () => {
    const first = Array.from({ length: 20 }, (_, i) =>
      notice({ idx: i + 1, title: `공지 ${i + 1}`, pinned: i === 0, read: i > 1 }),
    );
    const api = mockApi({
      [`GET ${P.getNoticeList}`]: (request) =>
        request.query.get('pNum') === '2'
          ? { body: page([notice({ idx: 21, title: '지난 공지', read: true })], 2, 21) }
          : { body: page(first, 1, 21) },
    });
    renderScreen(<NoticeListScreen />);
    const pinned = (await screen.findByText('공지 1')).closest('a')!;
    expect(within(pinned).getByText('중요')).toBeInTheDocument();
    expect(within(pinned).getByText('안 읽음')).toBeInTheDocument();
    expect(within(screen.getByText('공지 3').closest('a')!).queryByText('안 읽음')).toBeNull();
    expect(screen.getAllByText('안 읽음')).toHaveLength(2);

    await userEvent.setup().click(screen.getByRole('button', { name: '공지 더 보기' }));
    expect(await screen.findByRole('link', { name: /지난 공지/ })).toBeInTheDocument();
    expect(api.seen.filter((r) => r.path === P.getNoticeList).map((r) => r.query.get('pNum'))).toEqual([
      '1',
      '2',
    ]);
    // All 21 are shown: nothing more to load.
    expect(screen.queryByRole('button', { name: '공지 더 보기' })).toBeNull();
  });

  it('says when there are no notices, and offers a retry when the list fails', async () => {
    mockApi({ [`GET ${P.getNoticeList}`]: () => ({ body: page([], 1, 0) }) });
    renderScreen(<NoticeListScreen />);
    expect(await screen.findByText('아직 등록된 공지사항이 없습니다.')).toBeInTheDocument();
    vi.unstubAllGlobals();

    mockApi({ [`GET ${P.getNoticeList}`]: () => ({ status: 500, body: fail(500, '서버 오류') }) });
    renderScreen(<NoticeListScreen />);
    expect(await screen.findByRole('button', { name: '다시 시도' })).toBeInTheDocument();
  });

  it('sends a patient without a chosen hospital to choose one first', async () => {
    session.setMyData(patientProfile({ choseHospitalIdx: null }));
    mockApi({});
    renderScreen(<NoticeListScreen />, {
      path: '/hospital/news/notice',
      otherRoutes: ['/hospital/common/hospitalselect'],
    });
    expect(await screen.findByTestId('landed')).toHaveTextContent('/hospital/common/hospitalselect');
  });
});

describe('a notice', () => {
  it('shows its body, image and attachments, and runs nothing in its body', async () => {
    const ran = vi.fn();
    (window as unknown as { hiRan: () => void }).hiRan = ran;
    mockApi({
      [`GET ${P.getContent}`]: (request) => {
        expect(request.query.get('idx')).toBe('5');
        return {
          body: ok(
            content({
              idx: 5,
              body: '<p>본문입니다.</p><script>window.hiRan()</script>',
              image: {
                fileKey: 'a'.repeat(32),
                fileName: 'map.png',
                contentType: 'image/png',
                sizeBytes: 2048,
                url: '/api/hospitalContent/getFile?key=' + 'a'.repeat(32),
              },
              attachments: [
                {
                  fileKey: 'b'.repeat(32),
                  fileName: '진료일정.pdf',
                  contentType: 'application/pdf',
                  sizeBytes: 3 * 1024 * 1024,
                  url: '/api/hospitalContent/getFile?key=' + 'b'.repeat(32),
                },
              ],
            }),
          ),
        };
      },
    });
    renderScreen(<ContentDetailScreen idx="5" from="news" />);
    expect(await screen.findByRole('heading', { name: '설 연휴 외래 진료 안내' })).toBeInTheDocument();
    expect(screen.getByText('본문입니다.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /진료일정\.pdf.*3\.0 MB/ })).toHaveAttribute('download');
    expect(document.querySelector('.hi-image')).toHaveAttribute('src', expect.stringContaining('getFile'));
    expect(ran).not.toHaveBeenCalled();
  });

  it('says the notice is not there when the server does not find it', async () => {
    mockApi({
      [`GET ${P.getContent}`]: () => ({ status: 404, body: fail(404, '요청한 정보를 찾을 수 없습니다.') }),
    });
    renderScreen(<ContentDetailScreen idx="999" from="news" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('요청한 정보를 찾을 수 없습니다.');
  });
});

describe('the FAQ', () => {
  const entries = [
    content({
      idx: 11,
      kind: 'FAQ',
      category: '주차',
      title: '주차 요금은 얼마인가요?',
      body: '<p>30분 무료입니다.</p>',
    }),
    content({
      idx: 12,
      kind: 'FAQ',
      category: '면회',
      title: '면회 시간은 언제인가요?',
      body: '<p>오후 6시부터입니다.</p>',
    }),
  ];

  it('filters by category chip and opens an answer in place', async () => {
    mockApi({ [`GET ${P.getFaqList}`]: () => ({ body: ok(entries) }) });
    renderScreen(<FaqScreen />);
    const user = userEvent.setup();
    const question = await screen.findByRole('button', { name: /주차 요금은 얼마인가요/ });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('30분 무료입니다.')).not.toBeVisible();
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('30분 무료입니다.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: '면회' }));
    expect(screen.getByRole('button', { name: '면회' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('button', { name: /주차 요금/ })).toBeNull();
    expect(screen.getByRole('button', { name: /면회 시간은/ })).toBeInTheDocument();
  });

  it('searches the FAQ with the Korean-aware search and points to the chat when nothing is found', async () => {
    const api = mockApi({
      [`GET ${P.getFaqList}`]: () => ({ body: ok(entries) }),
      [`GET ${P.search}`]: (request) => ({
        body: ok(
          request.query.get('keyword') === 'ㅁㅎ'
            ? [result({ idx: 12, kind: 'FAQ', title: '면회 시간은 언제인가요?' }), result({ idx: 40 })]
            : [],
        ),
      }),
    });
    renderScreen(<FaqScreen />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('searchbox', { name: '질문 검색' }), 'ㅁㅎ');
    expect(await screen.findByRole('button', { name: /면회 시간은/ })).toBeInTheDocument();
    // Guides are not FAQ entries: only the FAQ match is listed.
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: /주차 요금/ })).toBeNull());
    expect(api.seen.some((r) => r.path === P.search && r.query.get('keyword') === 'ㅁㅎ')).toBe(true);

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), '없는말');
    expect(await screen.findByRole('link', { name: '상담 채팅으로 문의하기' })).toHaveAttribute(
      'href',
      '/hospital/consulting/chat',
    );
  });
});

describe('the guide search', () => {
  it('shows categories when nothing is typed, and highlighted results as the patient types', async () => {
    mockApi({
      [`GET ${P.getCategories}`]: (request) => {
        expect(request.query.get('kind')).toBe('GUIDE');
        return {
          body: ok([
            { category: '주차', count: 3 },
            { category: '면회', count: 2 },
          ]),
        };
      },
      [`GET ${P.getGuideList}`]: () => ({
        body: ok([content({ idx: 30, kind: 'GUIDE', category: '주차', title: '주차 안내' })]),
      }),
      [`GET ${P.search}`]: () => ({ body: ok([result()]) }),
    });
    renderScreen(<GuideSearchScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /주차.*3건/ }));
    expect(await screen.findByRole('link', { name: '주차 안내' })).toHaveAttribute(
      'href',
      '/hospital/guidesearch/30',
    );

    await user.type(screen.getByRole('searchbox', { name: '안내 검색' }), 'ㅈㅊ');
    expect(await screen.findByText('검색 결과 1건')).toBeInTheDocument();
    const row = screen.getByRole('link', { name: /주차 안내/ });
    expect(within(row).getByText('주차', { selector: 'mark' })).toBeInTheDocument();
    expect(row).toHaveAttribute('href', '/hospital/guidesearch/30');
  });

  it('points to the consulting chat when the search finds nothing', async () => {
    mockApi({
      [`GET ${P.getCategories}`]: () => ({ body: ok([]) }),
      [`GET ${P.search}`]: () => ({ body: ok([]) }),
    });
    renderScreen(<GuideSearchScreen />);
    await user().type(await screen.findByRole('searchbox'), '헬리콥터');
    expect(await screen.findByText('검색 결과가 없습니다')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '상담 채팅으로 문의하기' })).toHaveAttribute(
      'href',
      '/hospital/consulting/chat',
    );
  });
});

const user = () => userEvent.setup();

describe('the hospital service hub', () => {
  it('puts unread pinned notices first and counts the unread on the notices tile', async () => {
    mockApi({
      [`GET ${P.getNoticeList}`]: () => ({
        body: page(
          [
            notice({ idx: 1, title: '주차장 공사 안내', pinned: true }),
            notice({ idx: 2, title: '독감 예방접종', read: false }),
            notice({ idx: 3, title: '지난 소식', read: true }),
          ],
          1,
          3,
        ),
      }),
    });
    renderScreen(<ServiceHomeScreen />);
    expect(await screen.findByRole('link', { name: /주차장 공사 안내/ })).toHaveAttribute(
      'href',
      '/hospital/news/1',
    );
    expect(screen.getByRole('link', { name: '읽지 않은 공지 2건 보기' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /공지사항.*새 공지 2/ })).toHaveAttribute(
      'href',
      '/hospital/news/notice',
    );
    expect(screen.getByText('서울중앙병원')).toBeInTheDocument();
    for (const name of ['상담 채팅', '간호사 호출', '자주 묻는 질문']) {
      expect(screen.getByRole('link', { name: new RegExp(name) })).toBeInTheDocument();
    }
  });

  it('says so when nothing needs attention', async () => {
    mockApi({ [`GET ${P.getNoticeList}`]: () => ({ body: page([notice({ read: true })], 1, 1) }) });
    renderScreen(<ServiceHomeScreen />);
    expect(await screen.findByText('새로 확인하실 공지가 없습니다.')).toBeInTheDocument();
  });
});
