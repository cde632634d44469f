/**
 * The stdout log destination (logger.ts TurnBatchedDestination): the lines of one event-loop
 * turn are written together in one write at the end of that turn, in order, never held longer;
 * `flushSync` writes what is queued at once (the process's `exit` does it).
 */
import { TurnBatchedDestination } from '../../src/server/logger';

describe('TurnBatchedDestination', () => {
  it('writes the lines of a turn in one write, in order, at the end of the turn', async () => {
    const writes: string[] = [];
    const destination = new TurnBatchedDestination({ write: (chunk) => writes.push(chunk) });
    destination.write('{"n":1}\n');
    destination.write('{"n":2}\n');
    destination.write('{"n":3}\n');
    expect(writes).toEqual([]); // not yet: the turn is not over
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n{"n":3}\n']);
    destination.write('{"n":4}\n');
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['{"n":1}\n{"n":2}\n{"n":3}\n', '{"n":4}\n']);
  });

  it('writes what is queued at once on flushSync, and nothing twice', async () => {
    const writes: string[] = [];
    const destination = new TurnBatchedDestination({ write: (chunk) => writes.push(chunk) });
    destination.write('a\n');
    destination.write('b\n');
    destination.flushSync();
    expect(writes).toEqual(['a\nb\n']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual(['a\nb\n']);
    let flushed = false;
    destination.write('c\n');
    destination.flush(() => (flushed = true));
    expect(flushed).toBe(true);
    expect(writes).toEqual(['a\nb\n', 'c\n']);
  });
});
