import { screen } from '@testing-library/dom';
import { act } from 'react';
import { render } from '../testing/react-render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '../components/ui/toast-host';
import { OVERLAY_BASE_Z_INDEX, toast, type ToastHandle } from './toast';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('toasts (spec §4, §9)', () => {
  it('shows one at a time: a new toast replaces the current one', () => {
    render(<ToastHost />);
    act(() => void toast.info('첫 번째'));
    act(() => void toast.success('두 번째'));
    expect(screen.queryByText('첫 번째')).toBeNull();
    expect(screen.getByText('두 번째')).toBeInTheDocument();
  });

  it('keeps several when multiple are asked for', () => {
    render(<ToastHost />);
    act(() => void toast.info('첫 번째'));
    act(() => void toast.warning('두 번째', { multiple: true }));
    expect(screen.getByText('첫 번째')).toBeInTheDocument();
    expect(screen.getByText('두 번째')).toBeInTheDocument();
  });

  it('hides after 3000 ms by default', () => {
    render(<ToastHost />);
    act(() => void toast.error('오류'));
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByRole('alert')).toHaveTextContent('오류');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('오류')).toBeNull();
  });

  it('keeps a loading toast until it is closed, locking body scroll meanwhile', () => {
    render(<ToastHost />);
    let handle: ToastHandle = { close: () => undefined };
    act(() => void (handle = toast.loading('저장 중', { loadingStyle: 'cube' })));
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('저장 중')).toBeInTheDocument();
    expect(document.body.style.overflow).toBe('hidden');
    expect(document.querySelector('[data-loading-style="cube"]')).not.toBeNull();
    act(() => handle.close());
    expect(screen.queryByText('저장 중')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });

  it('draws each of the four loading styles', () => {
    render(<ToastHost />);
    for (const style of ['wave', 'cube', 'rect', 'disappear'] as const) {
      act(() => void toast.loading(style, { loadingStyle: style }));
      expect(document.querySelector(`.loading-${style}`)).not.toBeNull();
    }
  });

  it('sits at the top above every overlay', () => {
    render(<ToastHost />);
    act(() => void toast.success('완료', { duration: 500 }));
    const stack = document.querySelector<HTMLElement>('.toast-stack')!;
    expect(Number(stack.style.zIndex)).toBeGreaterThanOrEqual(OVERLAY_BASE_Z_INDEX);
    expect(screen.getByRole('status')).toHaveTextContent('완료');
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByText('완료')).toBeNull();
  });
});
