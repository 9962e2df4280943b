import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalTime, localTime } from '../src/components/LocalTime';

// act() drives the hydration here, outside Testing Library's render.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const SUBMITTED = '2025-04-02T20:00:00.000Z';
const zone = process.env.TZ;

afterEach(() => {
  process.env.TZ = zone;
  document.body.innerHTML = '';
});

describe("a submission's time (#34: the server's page, then the reader's)", () => {
  it("takes the server's words over without a mismatch, then says the time in the browser's own time zone", async () => {
    // The shell's server, in UTC.
    process.env.TZ = 'UTC';
    const markup = renderToString(<LocalTime iso={SUBMITTED} />);
    const server = localTime(SUBMITTED);
    expect(markup).toContain(server);

    // A reader in India: another day's date and another hour.
    process.env.TZ = 'Asia/Kolkata';
    const reader = localTime(SUBMITTED);
    expect(reader).not.toBe(server);
    const container = document.createElement('div');
    container.innerHTML = markup;
    document.body.append(container);
    const time = container.querySelector('time');
    const recoverable: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error');
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(container, <LocalTime iso={SUBMITTED} />, {
        onRecoverableError: (error) => recoverable.push(error),
      });
    });
    expect(recoverable).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
    // The same element, now in the reader's words; its machine-readable time unchanged.
    expect(container.querySelector('time')).toBe(time);
    expect(time).toHaveTextContent(reader);
    expect(time).toHaveAttribute('dateTime', SUBMITTED);
    await act(async () => root?.unmount());
  });

  it('shows an unreadable time as it is', () => {
    expect(localTime('soon')).toBe('soon');
  });
});
