import { sleep } from '../../src/core/sleep';

describe('sleep', () => {
  it('resolves after the given milliseconds', async () => {
    const start = Date.now();
    await sleep(30);
    expect(Date.now() - start).toBeGreaterThanOrEqual(25);
  });

  it('rejects with the reason when aborted meanwhile, and at once when already aborted', async () => {
    const controller = new AbortController();
    const pending = sleep(60_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
    await expect(sleep(60_000, controller.signal)).rejects.toThrow('stop');
  });

  it('unrefs its timer only when asked', () => {
    const spy = jest.spyOn(globalThis, 'setTimeout');
    const controller = new AbortController();
    const kept = sleep(60_000, controller.signal);
    const unrefed = sleep(60_000, controller.signal, { unref: true });
    const [first, second] = spy.mock.results.map((r) => r.value as NodeJS.Timeout);
    expect(first.hasRef()).toBe(true);
    expect(second.hasRef()).toBe(false);
    spy.mockRestore();
    controller.abort(new Error('done'));
    return Promise.all([
      expect(kept).rejects.toThrow('done'),
      expect(unrefed).rejects.toThrow('done'),
    ]);
  });
});
