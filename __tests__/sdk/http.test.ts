import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError, NetworkError, createHttpClient } from '../../src/sdk/http';

/** A loopback HTTP server answering with the scripted statuses in order, recording requests. */
async function scripted(statuses: number[]): Promise<{
  origin: string;
  requests: IncomingMessage[];
  close: () => Promise<void>;
}> {
  const requests: IncomingMessage[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req);
    const status = statuses[Math.min(requests.length - 1, statuses.length - 1)];
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ attempt: requests.length, status }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('sdk http client (spec §6, §7)', () => {
  it.each([429, 500, 502, 503, 504])('retries %i up to 3 attempts in all', async (status) => {
    const server = await scripted([status, status, status, 200]);
    const http = createHttpClient({ baseUrl: server.origin, retryDelayMs: 1 });
    await expect(http.request('GET', '/x')).rejects.toMatchObject({
      name: 'ApiError',
      status,
      data: { attempt: 3, status },
    });
    expect(server.requests).toHaveLength(3);
    await server.close();
  });

  it('succeeds on a retry', async () => {
    const server = await scripted([503, 200]);
    const http = createHttpClient({ baseUrl: server.origin, retryDelayMs: 1 });
    await expect(http.request('GET', '/x')).resolves.toEqual({
      status: 200,
      data: { attempt: 2, status: 200 },
    });
    await server.close();
  });

  it.each([400, 401, 404, 501])('does not retry %i', async (status) => {
    const server = await scripted([status, 200]);
    const http = createHttpClient({ baseUrl: server.origin, retryDelayMs: 1 });
    const error = await http.request('GET', '/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(status);
    expect(server.requests).toHaveLength(1);
    await server.close();
  });

  it('accepts only the expected statuses when told', async () => {
    const server = await scripted([200]);
    const http = createHttpClient({ baseUrl: server.origin });
    await expect(http.request('POST', '/x', { expect: [202] })).rejects.toBeInstanceOf(ApiError);
    await server.close();
  });

  it("sends the id token, else the literal 'Unauthenticated', and none on public calls", async () => {
    const server = await scripted([200]);
    let token: string | undefined = undefined;
    const http = createHttpClient({ baseUrl: server.origin, getIdToken: async () => token });
    await http.request('GET', '/a');
    token = 'eyJ.id.token';
    await http.request('GET', '/b', { query: { pageSize: 4, nextPageToken: undefined } });
    await http.request('GET', '/c', { auth: false });
    const [a, b, c] = server.requests;
    expect(a.headers.authorization).toBe('Unauthenticated');
    expect(b.headers.authorization).toBe('eyJ.id.token');
    expect(b.url).toBe('/b?pageSize=4');
    expect(c.headers.authorization).toBeUndefined();
    await server.close();
  });

  it("fails with 'A network error has occurred.' when nothing answers", async () => {
    const server = await scripted([200]);
    await server.close();
    const http = createHttpClient({ baseUrl: server.origin, retryDelayMs: 1 });
    const error = await http.request('GET', '/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).message).toBe('A network error has occurred.');
  });

  it('stops waiting between retries when aborted', async () => {
    const server = await scripted([503]);
    const http = createHttpClient({ baseUrl: server.origin, retryDelayMs: 60_000 });
    const controller = new AbortController();
    const pending = http.request('GET', '/x', { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('cancelled')), 50);
    await expect(pending).rejects.toThrow('cancelled');
    expect(server.requests).toHaveLength(1);
    await server.close();
  });
});
