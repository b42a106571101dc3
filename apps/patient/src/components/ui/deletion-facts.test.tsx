import { screen } from '@testing-library/dom';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render';
import { DeletionFacts } from './deletion-facts';

/** What account deletion keeps, said the same way on the in-app and the public page (domain.md). */
describe('the deletion facts', () => {
  it('say that issued certificates stay with the hospital for the legal period (issue 16)', async () => {
    renderScreen(<DeletionFacts />);
    const kept = await screen.findByText('법에 따라 보관되는 정보');
    const list = kept.nextElementSibling!;
    expect(list.textContent).toContain(
      '발급된 증명서(진단서 등)의 사본은 의료법에 따라 병원이 3년간 보관하며, 탈퇴해도 삭제되지 않습니다.',
    );
  });
});
