import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pollUntilGranted } from '../../src/lib/billing/poll-until-granted.ts';

// SPEC §4: every 3 s until `create` or 30 s since the request, on a clock the test alone moves.

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 });
});

afterEach(() => {
  vi.useRealTimers();
});

/** Polls from the given request time; records when each question was asked (ms after now). */
function poll(requestedAt: number, grantedFrom = Infinity, signal = new AbortController().signal) {
  const start = Date.now();
  const asked: number[] = [];
  const isGranted = () => {
    asked.push(Date.now() - start);
    return Promise.resolve(asked.length >= grantedFrom);
  };
  const settled = { value: undefined as boolean | undefined };
  const result = pollUntilGranted({ requestedAt, isGranted, signal }).then((granted) => {
    settled.value = granted;
    return granted;
  });
  return { asked, settled, result };
}

describe('pollUntilGranted', () => {
  it('asks every 3 s and stops at the first answer that grants', async () => {
    const { asked, settled } = poll(Date.now(), 3);
    await vi.advanceTimersByTimeAsync(8_999);
    expect(asked).toEqual([3_000, 6_000]);
    expect(settled.value).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled.value).toBe(true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(asked).toEqual([3_000, 6_000, 9_000]);
  });

  it('gives up exactly 30 s after the request, after its tenth question', async () => {
    const { asked, settled } = poll(Date.now());
    await vi.advanceTimersByTimeAsync(29_999);
    expect(settled.value).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled.value).toBe(false);
    expect(asked).toEqual([3, 6, 9, 12, 15, 18, 21, 24, 27, 30].map((s) => s * 1000));
  });

  it('resumed 20 s after the request, asks for the 10 s left and ends at the 30 s mark', async () => {
    const { asked, settled } = poll(Date.now() - 20_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(settled.value).toBe(false);
    expect(asked).toEqual([3_000, 6_000, 9_000, 10_000]);
  });

  it('resumed after the wait is over, asks once more at once before giving up', async () => {
    const { asked, result } = poll(Date.now() - 45_000);
    await vi.advanceTimersByTimeAsync(0);
    await expect(result).resolves.toBe(false);
    expect(asked).toEqual([0]);
  });

  it('stops asking when aborted', async () => {
    const controller = new AbortController();
    const { asked, result } = poll(Date.now(), Infinity, controller.signal);
    const rejected = expect(result).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(4_000);
    controller.abort();
    await rejected;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(asked).toEqual([3_000]);
  });
});
