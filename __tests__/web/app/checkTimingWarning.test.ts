/**
 * failOnConsoleErrors passes over Redux Toolkit's "took N ms" warnings: its development checks
 * time each pass with Date.now, and a loaded CI machine (2 cores, a dozen suites and Chromium
 * at once) once took 314 ms for the time-travel test's small state and failed it. Here
 * Date.now jumps 300 ms between two readings, so the store's own immutability check warns for
 * real and the file's console guard must still let the test pass.
 */
import { makeStore } from '../../../src/web/app/store';
import { failOnConsoleErrors, pendingFetch } from '../testUtils';

failOnConsoleErrors();

it('lets a test pass whose store warned that its development checks were slow', () => {
  const store = makeStore(undefined, { fetch: pendingFetch });
  let now = Date.now();
  const clock = jest.spyOn(Date, 'now').mockImplementation(() => (now += 300));
  const warn = jest.mocked(console.warn).mockImplementation(() => undefined);
  try {
    store.dispatch({ type: 'test/anything' });
  } finally {
    clock.mockRestore();
  }
  expect(warn).toHaveBeenCalledWith(
    expect.stringMatching(/^ImmutableStateInvariantMiddleware took \d+ms/),
  );
});
