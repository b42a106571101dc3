import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { topics } from '@smartcare/contract/topics';
import { chatRoom, minutesAgo } from '../testing/factories';
import { ok } from '../testing/fake-server';
import { renderConsole } from '../testing/render';
import { UrgentChatAlert } from './urgent-chat-alert';

/** Decision 011: the alert for a newly urgent consultation says whose it is and why. */
describe('the urgent consultation alert', () => {
  it('quotes the patient’s words, a line’s worth at most, and beeps once', async () => {
    const calm = chatRoom({ idx: 4, patientName: '김하늘', status: 'WAIT', waitingSince: minutesAgo(1) });
    let beeps = 0;
    const { realtime } = renderConsole(
      <UrgentChatAlert hospitalIdx={1} staffIdx={7} beep={() => beeps++} />,
      {
        routes: { 'GET /chat/rooms': () => ok([calm]) },
      },
    );
    const words = '어제 저녁에 혈압약을 먹었는데 깜빡하고 오늘 아침에 또 먹었어요. '.repeat(4);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      realtime.deliver(topics.staffInbox(1, 7), {
        rooms: [
          {
            ...calm,
            urgentAt: new Date().toISOString(),
            urgentMessage: { content: words, createdAt: new Date().toISOString() },
          },
        ],
      });
    });
    const banner = await screen.findByTestId('urgent-chat-banner');
    const quoted = Array.from(words.trim()).slice(0, 80).join('');
    expect(banner).toHaveTextContent(`긴급 상담: 김하늘 님 — “${quoted}…”`);
    expect(beeps).toBe(1);
  });
});
