/**
 * The stdout log destination (logger.ts TurnBatchedDestination): the lines of one event-loop
 * turn are written together in one write at the end of that turn, in order, never held longer;
 * `flushSync` writes what is queued at once (the process's `exit` does it).
 */
import pino from 'pino';
import {
  completedLine,
  TurnBatchedDestination,
  type CompletedRequest,
  type LoggedRequest,
} from '../../src/server/logger';

/** A 'request completed' entry for `req`, bound to `bindings`. */
function entryOf(req: LoggedRequest, bindings = ',"reqId":"req-7"'): CompletedRequest {
  return { level: 30, time: 1_790_000_000_123, bindings, req, statusCode: 201, responseTime: 1.5 };
}

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

  it('writes queued request lines with the other lines, in the order they came', async () => {
    const writes: string[] = [];
    const destination = new TurnBatchedDestination({ write: (chunk) => writes.push(chunk) });
    const entry = entryOf({ method: 'GET', url: '/v1/vpns', host: 'h', remoteAddress: '::1' });
    destination.write('{"n":1}\n');
    destination.writeCompleted(entry);
    destination.write('{"n":2}\n');
    expect(writes).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(writes).toEqual([`{"n":1}\n${completedLine(entry)}{"n":2}\n`]);
  });
});

describe('completedLine', () => {
  const requests: LoggedRequest[] = [
    { method: 'GET', url: '/v1/vpns/1@eu-west-3', host: '127.0.0.1:8080', remoteAddress: '::1' },
    // Characters JSON escapes, non-ASCII text and a lone surrogate half.
    { method: 'POST', url: '/a"b\\c\u0001\n', host: 'h\u00e9\u{1F95C}', remoteAddress: '\ud800x' },
    // No Host header; the socket gone.
    { method: 'DELETE', url: '/v1/vpns/x?[redacted]', host: undefined, remoteAddress: undefined },
  ];

  it.each(requests)('writes what pino writes for the same fields (%j)', (req) => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const child = logger.child({ reqId: 'req-7' });
    child.info({ req, res: { statusCode: 201 }, responseTime: 1.5 }, 'request completed');
    const bindings = (child as unknown as Record<symbol, string>)[pino.symbols.chindingsSym];
    const written = completedLine(entryOf(req, bindings));
    expect(written).toBe(lines[0].replace(/"time":\d+/, '"time":1790000000123'));
    expect(JSON.parse(written)).toMatchObject({ req: JSON.parse(JSON.stringify(req)) });
  });
});
