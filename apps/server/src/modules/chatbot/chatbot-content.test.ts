import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CreateContentBody } from '@smartcare/contract/hospital-content';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { createHospital, createStaff } from '../../testing/factories.ts';
import {
  createHospitalContentService,
  KNOWLEDGE_VERSION_TTL_MS,
  type HospitalContentService,
} from '../hospital-content/hospital-content.service.ts';
import { createPeopleService } from '../people/people.service.ts';
import { createChatbotService, type ChatbotService, type ChatbotTurn } from './chatbot.service.ts';

/**
 * Issue 14: the bot answers from the hospital's published FAQ entries and guides, written
 * through the content service as an editor writes them, on the real database.
 */
let t: TestApp;
let contents: HospitalContentService;
let bot: ChatbotService;
/** The bot's clock: the real one, unless a test moves it on. */
let clock: number | null = null;
const hospitals = { a: 0, b: 0 };
const editors = { a: 0, b: 0 };
const room = { botActive: true, staffRequestedAt: null };

beforeAll(async () => {
  t = await buildTestApp();
  hospitals.a = (await createHospital(t.app.db, { name: '가나병원' })).idx;
  hospitals.b = (await createHospital(t.app.db, { name: '다라병원' })).idx;
  editors.a = (await createStaff(t.app.db, { hospitalIdx: hospitals.a, role: 'ADMIN' })).idx;
  editors.b = (await createStaff(t.app.db, { hospitalIdx: hospitals.b, role: 'ADMIN' })).idx;
  contents = createHospitalContentService({ db: t.app.db, people: createPeopleService({ db: t.app.db }) });
  bot = createChatbotService({ content: contents, now: () => clock ?? Date.now() });
});

afterAll(async () => {
  await t?.close();
});

function draft(editor: number, fields: Partial<CreateContentBody> & Pick<CreateContentBody, 'title'>) {
  return contents.create(editor, {
    kind: 'GUIDE',
    category: '편의시설',
    body: '<p>안내 내용입니다.</p>',
    pinned: false,
    important: false,
    sortOrder: 0,
    keywords: '',
    imageKey: null,
    attachmentKeys: [],
    relatedIdxs: [],
    ...fields,
  });
}

async function published(editor: number, fields: Parameters<typeof draft>[1], publishAt?: string) {
  const created = await draft(editor, fields);
  return contents.publish(editor, created.idx, publishAt);
}

const ask = (hospitalIdx: number, question: string) => bot.turn(hospitalIdx, room, question);
const answered = (turn: ChatbotTurn) => (turn.action === 'answer' ? turn.link : null);

describe('what the bot knows', () => {
  it("answers from its own hospital's guide only, never another hospital's", async () => {
    const guide = await published(editors.a, {
      title: '반려동물 동반 안내',
      keywords: '반려동물, 강아지, 애완동물, 안내견',
      body: '<p>안내견을 제외한 <b>반려동물</b>은 병원 건물에 들어올 수 없습니다.</p>',
    });
    const turn = await ask(hospitals.a, '강아지 데려가도 돼요?');
    expect(answered(turn)).toEqual({ kind: 'GUIDE', idx: guide.idx, title: '반려동물 동반 안내' });
    // Plain text: the <b> of the rich body is not in the chat message.
    expect(turn.action === 'answer' && turn.text).toContain(
      '안내견을 제외한 반려동물은 병원 건물에 들어올 수 없습니다.',
    );
    expect(turn.action === 'answer' && turn.text).not.toMatch(/<\/?b>/);
    expect((await ask(hospitals.b, '강아지 데려가도 돼요?')).action).toBe('fallback');
  });

  it('answers an FAQ entry with a link to it', async () => {
    const faq = await published(editors.b, {
      kind: 'FAQ',
      category: '입원 생활',
      title: '병실에서 전기장판을 써도 되나요?',
      keywords: '전기장판, 전기담요, 온열기',
      body: '<p>화재 위험이 있어 병실에서는 전기장판을 사용할 수 없습니다.</p>',
    });
    expect(answered(await ask(hospitals.b, '전기장판 써도되요?'))).toEqual({
      kind: 'FAQ',
      idx: faq.idx,
      title: '병실에서 전기장판을 써도 되나요?',
    });
    expect((await ask(hospitals.a, '전기장판 써도되요?')).action).toBe('fallback');
  });

  it('never answers a draft, an unpublished or a deleted item, from the next message on', async () => {
    const question = '헌혈 할 수 있나요';
    const item = await draft(editors.a, { title: '헌혈 안내', keywords: '헌혈, 헌혈실, 지정 헌혈' });
    expect((await ask(hospitals.a, question)).action).toBe('fallback');
    await contents.publish(editors.a, item.idx, undefined);
    expect(answered(await ask(hospitals.a, question))?.idx).toBe(item.idx);
    await contents.unpublish(editors.a, item.idx);
    expect((await ask(hospitals.a, question)).action).toBe('fallback');
    await contents.publish(editors.a, item.idx, undefined);
    expect(answered(await ask(hospitals.a, question))?.idx).toBe(item.idx);
    await contents.remove(editors.a, item.idx);
    expect((await ask(hospitals.a, question)).action).toBe('fallback');
  });

  it('answers a scheduled item only once its time has come', async () => {
    const at = new Date(Date.now() + 60 * 60_000);
    const item = await published(
      editors.a,
      { title: '독감 예방접종 안내', keywords: '독감 주사, 인플루엔자, 예방접종' },
      at.toISOString(),
    );
    expect(item.status).toBe('SCHEDULED');
    expect((await ask(hospitals.a, '독감주사 맞을수있나요')).action).toBe('fallback');
    clock = at.getTime() + 1_000;
    expect(answered(await ask(hospitals.a, '독감주사 맞을수있나요'))?.idx).toBe(item.idx);
    clock = null;
  });

  it('answers an edit from the next message', async () => {
    const item = await published(editors.b, {
      title: '꽃 반입 안내',
      keywords: '꽃다발, 화분',
      body: '<p>꽃다발은 1층 안내 데스크에 맡겨 주세요.</p>',
    });
    expect(await ask(hospitals.b, '꽃다발 가져가도 돼요')).toMatchObject({
      text: expect.stringContaining('안내 데스크에 맡겨 주세요'),
    });
    await contents.update(editors.b, {
      idx: item.idx,
      category: '편의시설',
      title: '꽃 반입 안내',
      body: '<p>감염 예방을 위해 병동에는 꽃다발과 화분을 가져올 수 없습니다.</p>',
      pinned: false,
      important: false,
      sortOrder: 0,
      keywords: '꽃다발, 화분, 생화',
      imageKey: null,
      attachmentKeys: [],
      relatedIdxs: [],
    });
    expect(await ask(hospitals.b, '꽃다발 가져가도 돼요')).toMatchObject({
      text: expect.stringContaining('병동에는 꽃다발과 화분을 가져올 수 없습니다'),
    });
  });

  it('meets urgent words with the emergency guidance even when a published entry shares them', async () => {
    await published(editors.a, {
      kind: 'FAQ',
      category: '진료',
      title: '가슴이 아프고 숨이 찰 때는 어떻게 하나요?',
      keywords: '가슴 통증, 숨참, 호흡곤란',
      body: '<p>응급실로 오세요.</p>',
    });
    expect(await ask(hospitals.a, '가슴이 너무 아프고 숨이 차요')).toMatchObject({
      action: 'urgent',
      text: expect.stringContaining('119'),
    });
  });

  it('keeps a turn cheap: one version read, the index rebuilt only after a change', async () => {
    // Speed itself is measured by a benchmark, not here: this counts the reads each turn makes.
    const reads = { version: 0, entries: 0 };
    const counted = createChatbotService({
      content: {
        knowledgeVersion: (hospitalIdx) => {
          reads.version += 1;
          return contents.knowledgeVersion(hospitalIdx);
        },
        knowledgeEntries: (hospitalIdx) => {
          reads.entries += 1;
          return contents.knowledgeEntries(hospitalIdx);
        },
      },
    });
    const question = '강아지 데려가도 돼요?';
    for (let i = 0; i < 20; i++) await counted.turn(hospitals.a, room, question);
    expect(reads).toEqual({ version: 20, entries: 1 });
    await published(editors.a, { title: '우편 발송 안내', keywords: '우편, 편지' });
    for (let i = 0; i < 5; i++) await counted.turn(hospitals.a, room, question);
    expect(reads).toEqual({ version: 25, entries: 2 });
  });

  it("reads the version once per KNOWLEDGE_VERSION_TTL_MS, at once after its own edit, another process's edit within that time", async () => {
    let clockMs = 0;
    const own = createHospitalContentService({
      db: t.app.db,
      people: createPeopleService({ db: t.app.db }),
      now: () => clockMs,
    });
    const other = createHospitalContentService({
      db: t.app.db,
      people: createPeopleService({ db: t.app.db }),
    });
    const query = vi.spyOn(t.app.db, 'query');
    const reads = () =>
      query.mock.calls.filter(([sql]) => String(sql).includes('FROM hospital_content_versions')).length;
    try {
      const first = await own.knowledgeVersion(hospitals.a);
      for (let i = 0; i < 5; i++) expect(await own.knowledgeVersion(hospitals.a)).toBe(first);
      expect(reads()).toBe(1);

      // This process's own edit: the next turn sees it, the clock unmoved.
      const created = await own.create(editors.a, {
        kind: 'FAQ',
        category: '편의시설',
        title: '택배 수령 안내',
        body: '<p>1층 안내데스크에서 받습니다.</p>',
        pinned: false,
        important: false,
        sortOrder: 0,
        keywords: '택배, 우편물',
        imageKey: null,
        attachmentKeys: [],
        relatedIdxs: [],
      });
      const afterCreate = await own.knowledgeVersion(hospitals.a);
      expect(afterCreate).not.toBe(first);
      await own.publish(editors.a, created.idx, undefined);
      const afterPublish = await own.knowledgeVersion(hospitals.a);
      expect(afterPublish).not.toBe(afterCreate);

      // Another process's edit (its own service, the same database): seen once the time is up.
      await other.unpublish(editors.a, created.idx);
      clockMs += KNOWLEDGE_VERSION_TTL_MS - 1;
      expect(await own.knowledgeVersion(hospitals.a)).toBe(afterPublish);
      clockMs += 1;
      expect(await own.knowledgeVersion(hospitals.a)).not.toBe(afterPublish);
    } finally {
      query.mockRestore();
    }
  });
});
