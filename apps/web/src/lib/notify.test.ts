import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifyError, notifySuccess } from './notify.ts';
import { getToastHostMessageApi } from './toast-host.tsx';

// A toast as a signed-out page shows it (the stand-alone host with the App wrapper's settings):
// docs/product.md §9, 3000 ms on screen, 16 px from the top. The numbers are the spec's, written out.

/** The toasts shown and not on their way out (happy-dom runs no CSS transitions to their end). */
const toastsOnScreen = () =>
  [...document.querySelectorAll('.ant-message-notice:not(.ant-message-fade-leave)')].map(
    (notice) => notice.textContent,
  );

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('show 16 px from the top and go after 3000 ms', async () => {
    // The host mounts on the first toast; mounted beforehand, the clock below counts the toast alone.
    await getToastHostMessageApi();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    notifySuccess('Saved the company profile.');
    // act() lets React show what each moment brings before the check. (vi.waitFor would move the
    // fake clock on by itself.)
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(toastsOnScreen()).toEqual(['Saved the company profile.']);
    // antd places the list by this variable.
    const list = document.querySelector<HTMLElement>('.ant-message');
    expect(list?.style.getPropertyValue('--notification-top')).toBe('16px');

    await act(() => vi.advanceTimersByTimeAsync(2999));
    expect(toastsOnScreen()).toEqual(['Saved the company profile.']);
    // The notice checks its time once an animation frame, so it goes within a frame or so after.
    await act(() => vi.advanceTimersByTimeAsync(101));
    expect(toastsOnScreen()).toEqual([]);
  });

  it('say what failed in an error toast', async () => {
    notifyError('The sign-in service had a problem. Please try again.');
    await vi.waitFor(() =>
      expect(document.querySelector('.ant-message-error')?.textContent).toBe(
        'The sign-in service had a problem. Please try again.',
      ),
    );
  });
});
