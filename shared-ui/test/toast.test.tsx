import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadAntd } from '../src/load-on-demand';
import { toastPlacement, useToast } from '../src/toast';

const width = window.innerWidth;
afterEach(async () => {
  window.innerWidth = width;
  (await loadAntd.notification()).notification.destroy();
});

describe('toasts', () => {
  it('open top-right on wider screens, as the spec says, and at the bottom on phones', () => {
    window.innerWidth = 1280;
    expect(toastPlacement()).toBe('topRight');
    window.innerWidth = 768;
    expect(toastPlacement()).toBe('topRight');
    window.innerWidth = 390;
    expect(toastPlacement()).toBe('bottom');
  });

  it("a phone's toast is shown in the bottom container", async () => {
    window.innerWidth = 390;
    useToast().info('You are already enrolled in this course');
    const text = await screen.findByText('You are already enrolled in this course');
    expect(text.closest('.ant-notification')).toHaveClass('ant-notification-bottom');
  });
});
