import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTICE_MS, useNotice } from './use-notice';

afterEach(() => {
  vi.useRealTimers();
});

describe('status notices (trading.md §9: 5 s)', () => {
  it('last 5 seconds, and a new notice starts its own 5 seconds', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useNotice());
    act(() => {
      result.current.show({ tone: 'success', text: '✅ Configuração carregada' });
    });
    act(() => {
      vi.advanceTimersByTime(4_000);
    });
    act(() => {
      result.current.show({ tone: 'error', text: '❌ Erro de rede ao salvar configuração' });
    });
    act(() => {
      vi.advanceTimersByTime(4_000);
    });
    expect(result.current.notice?.text).toBe('❌ Erro de rede ao salvar configuração');
    act(() => {
      vi.advanceTimersByTime(NOTICE_MS - 4_000);
    });
    expect(result.current.notice).toBeNull();
    expect(NOTICE_MS).toBe(5_000);
  });
});
