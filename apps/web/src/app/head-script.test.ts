import { afterEach, describe, expect, it, vi } from 'vitest';
import { HEAD_SCRIPT, pressesLive } from './head-script';

/*
 * The holding of presses itself needs trusted events, which only a browser makes: it is proven by
 * e2e/presses.spec.ts (decision 064). Here: the script is one line that runs, and what the page
 * (or a test) dispatches itself is never held.
 */
describe('the head script', () => {
  afterEach(() => {
    document.body.replaceChildren();
    delete (window as { __pressesLive?: unknown }).__pressesLive;
  });

  it('is one line of script that runs and offers the moment the page is live', () => {
    expect(HEAD_SCRIPT).not.toContain('\n');
    new Function(HEAD_SCRIPT)();
    expect(typeof (window as { __pressesLive?: unknown }).__pressesLive).toBe('function');
    expect(() => pressesLive()).not.toThrow();
  });

  it("lets the page's own presses through before the page is live (the replay is one of them)", () => {
    new Function(HEAD_SCRIPT)();
    const button = document.createElement('button');
    const down = vi.fn();
    const click = vi.fn();
    button.addEventListener('pointerdown', down);
    button.addEventListener('click', click);
    document.body.append(button);
    button.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true }));
    button.click();
    expect(down).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
  });
});
