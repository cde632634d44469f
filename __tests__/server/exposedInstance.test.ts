/**
 * An embedded instance exposed with HOST=0.0.0.0 hands out no peanuts
 * (docs/architecture.md "local checkout exposure", docs/security.md).
 * - From another host (a network namespace this test makes, on a veth /30 of its own), the
 *   local checkout (page, Pay), an event signed with the public default webhook secret and the
 *   development companions under /dev/ are all refused, and nothing is credited; loopback
 *   callers still get them, and DEV_TOOLS_PUBLIC=true opens them to everyone.
 * - Behind a reverse proxy on this machine (every socket then comes from 127.0.0.1), a request
 *   carrying X-Forwarded-For or Forwarded is local only when TRUST_PROXY resolves it to loopback.
 * loopbackCallers.test.ts has the check's cases, and production refusing the public secret.
 * The namespace tests need root and iproute2; run this file under the machine-wide lock
 * (`flock /tmp/netns-tests.lock npx jest __tests__/server/exposedInstance.test.ts`).
 * @exclusive a network namespace and veth pair on the host (docs/development.md)
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { promisify } from 'node:util';
import { buildApp, type App } from '../../src/server/app';
import type { Env } from '../../src/server/config';
import { PEANUT, sessionCompleted, sign } from '../support/billingHelpers';
import { LogCapture, testConfig } from '../support/helpers';
import { signUpUser, type TestUser } from '../support/vpnHelpers';

const run = promisify(execFile);

/** One HTTP request of an attempt. */
interface Spec {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Its answer (status 0: unreachable). */
interface Answer {
  status: number;
  body: string;
}

/** Sends `specs` one after the other from some place, answering in order. */
type Send = (specs: Spec[]) => Promise<Answer[]>;

/** The script that sends a JSON array of specs (argv) with fetch, printing the answers. */
const SEND_SCRIPT = `
(async () => {
  const answers = [];
  for (const spec of JSON.parse(process.argv[1])) {
    try {
      const r = await fetch(spec.url, { method: spec.method, headers: spec.headers, body: spec.body, redirect: 'manual' });
      answers.push({ status: r.status, body: await r.text() });
    } catch (error) {
      answers.push({ status: 0, body: String(error) });
    }
  }
  console.log(JSON.stringify(answers));
})();`;

/** Sends from this process, over real sockets to loopback. */
const fromHere: Send = async (specs) => {
  const answers: Answer[] = [];
  for (const spec of specs) {
    const r = await fetch(spec.url, { ...spec, redirect: 'manual' });
    answers.push({ status: r.status, body: await r.text() });
  }
  return answers;
};

/** What each part of an attempt answered (HTTP status codes). */
interface Outcome {
  /** `GET /checkout/elite?client_reference_id=<sub>`: the Pay page. */
  page: number;
  /** `POST /checkout/elite`: Pay. */
  pay: number;
  /** `POST /v1/webhooks/stripe`: a paid Elite session signed with the public default secret. */
  event: number;
  /** `GET /dev/mailbox/<email>`. */
  mailbox: number;
  /** `GET /dev/sms/<phone>`. */
  sms: number;
  /** `GET /dev/checkout/events`. */
  events: number;
}

/** Refused: the 404 of a route that does not exist, 403 for the event. */
const REFUSED: Outcome = { page: 404, pay: 404, event: 403, mailbox: 404, sms: 404, events: 404 };
/** Answered; Pay and the event each credit 73 peanuts. */
const ANSWERED: Outcome = { page: 200, pay: 303, event: 200, mailbox: 200, sms: 200, events: 200 };
/** Peanuts an answered attempt credits (two Elite packs). */
const CREDITED = 2 * 73;

/** The attempt to get `user` peanuts (and codes) through `origin`, each request with `headers`. */
async function attempt(
  send: Send,
  origin: string,
  user: TestUser,
  headers: Record<string, string> = {},
): Promise<Outcome> {
  const form = new URLSearchParams({ client_reference_id: user.sub }).toString();
  const event = JSON.stringify(
    sessionCompleted({
      clientReferenceId: user.sub,
      packId: 'elite',
      amountTotal: 987,
      amountSubtotal: 987,
    }),
  );
  const [page, pay, posted, mailbox, sms, events] = await send([
    { url: `${origin}/checkout/elite?${form}`, headers },
    {
      url: `${origin}/checkout/elite`,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    },
    {
      url: `${origin}/v1/webhooks/stripe`,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'stripe-signature': sign(event) },
      body: event,
    },
    { url: `${origin}/dev/mailbox/${encodeURIComponent(user.email)}`, headers },
    { url: `${origin}/dev/sms/%2B15550100`, headers },
    { url: `${origin}/dev/checkout/events`, headers },
  ]);
  return {
    page: page.status,
    pay: pay.status,
    event: posted.status,
    mailbox: mailbox.status,
    sms: sms.status,
    events: events.status,
  };
}

/** `user`'s balance in peanuts. */
async function balanceOf(app: App, user: TestUser): Promise<number> {
  return (await app.ledger.balanceNano(user.sub)) / PEANUT;
}

/** Builds the embedded default with `env` and listens on `host`; the app and its port. */
async function start(
  host: string,
  env: Env = {},
  logStream?: LogCapture,
): Promise<{ app: App; port: number }> {
  const logLevel = logStream ? 'warn' : 'silent';
  const app = await buildApp(
    testConfig({ HOST: host, RATE_LIMIT_MAX: '100000', LOG_LEVEL: logLevel, ...env }),
    logStream ? { logStream } : {},
  );
  await app.listen({ port: 0, host });
  return { app, port: (app.server.address() as AddressInfo).port };
}

/**
 * A reverse proxy on this machine (listening on every interface) in front of 127.0.0.1:`port`,
 * adding the caller's address as nginx's `$proxy_add_x_forwarded_for` does, or as an RFC 7239
 * `Forwarded: for=` element.
 */
async function startProxy(
  port: number,
  header: 'x-forwarded-for' | 'forwarded',
): Promise<{ server: http.Server; port: number }> {
  const server = http.createServer((request, response) => {
    const client = request.socket.remoteAddress ?? 'unknown';
    const headers = { ...request.headers };
    if (header === 'x-forwarded-for') {
      headers['x-forwarded-for'] = [request.headers['x-forwarded-for'], client]
        .filter(Boolean)
        .join(', ');
    } else {
      const node = client.includes(':') ? `"[${client}]"` : client;
      headers.forwarded = [request.headers.forwarded, `for=${node}`].filter(Boolean).join(', ');
    }
    const upstream = http.request(
      { host: '127.0.0.1', port, method: request.method, path: request.url, headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.writeHead(502).end());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** Closes `server` and its kept-alive connections. */
async function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Why this process cannot create network namespaces, or undefined when it can. */
async function netnsUnavailable(): Promise<string | undefined> {
  if (process.getuid?.() !== 0) return 'not root';
  try {
    await run('ip', ['-V']);
  } catch {
    return 'iproute2 (ip) is not installed';
  }
  return undefined;
}

/** A /30 of 10.254.77.0/24 that no interface of this machine uses: its two addresses. */
function freeSubnet(): { hostAddress: string; nsAddress: string } {
  const used = Object.values(os.networkInterfaces())
    .flat()
    .map((item) => item?.address ?? '');
  const start = 4 * (randomBytes(1)[0] % 64);
  for (let i = 0; i < 64; i++) {
    const base = (start + 4 * i) % 256;
    const addresses = [0, 1, 2, 3].map((offset) => `10.254.77.${base + offset}`);
    if (!addresses.some((address) => used.includes(address))) {
      return { hostAddress: addresses[1], nsAddress: addresses[2] };
    }
  }
  throw new Error('no free /30 in 10.254.77.0/24');
}

describe('an exposed embedded instance seen from another host (a network namespace)', () => {
  const suffix = randomBytes(3).toString('hex');
  const namespace = `xin-${suffix}`;
  const hostVeth = `xinh${suffix}`;
  const nsVeth = `xinn${suffix}`;
  const { hostAddress, nsAddress } = freeSubnet();
  let skipped: string | undefined;

  beforeAll(async () => {
    skipped = await netnsUnavailable();
    if (skipped) {
      if (process.env.CI === 'true') throw new Error(`network namespaces unavailable: ${skipped}`);
      console.warn(`Skipping the network namespace tests: ${skipped}`);
      return;
    }
    const inNs = (...args: string[]) => run('ip', ['netns', 'exec', namespace, 'ip', ...args]);
    await run('ip', ['netns', 'add', namespace]);
    await run('ip', ['link', 'add', hostVeth, 'type', 'veth', 'peer', 'name', nsVeth]);
    await run('ip', ['link', 'set', nsVeth, 'netns', namespace]);
    await run('ip', ['addr', 'add', `${hostAddress}/30`, 'dev', hostVeth]);
    await run('ip', ['link', 'set', hostVeth, 'up']);
    await inNs('addr', 'add', `${nsAddress}/30`, 'dev', nsVeth);
    await inNs('link', 'set', nsVeth, 'up');
    await inNs('link', 'set', 'lo', 'up');
  });
  afterAll(async () => {
    if (skipped) return;
    await run('ip', ['link', 'del', hostVeth]).catch(() => undefined);
    await run('ip', ['netns', 'del', namespace]).catch(() => undefined);
  });

  /** Sends from inside the namespace (node's fetch there, source address `nsAddress`). */
  const fromNamespace: Send = async (specs) => {
    const { stdout } = await run('ip', [
      'netns',
      'exec',
      namespace,
      process.execPath,
      '-e',
      SEND_SCRIPT,
      JSON.stringify(specs),
    ]);
    return JSON.parse(stdout) as Answer[];
  };

  it('refuses the local checkout, the public-secret event and /dev/ to the namespace: nothing credited', async () => {
    if (skipped) return;
    const { app, port } = await start('0.0.0.0');
    try {
      const user = await signUpUser(app, 'exposed');
      const remote = `http://${hostAddress}:${port}`;
      const [regions] = await fromNamespace([{ url: `${remote}/v1/regions/` }]);
      const spoofed = { 'x-forwarded-for': '127.0.0.1', forwarded: 'for=127.0.0.1' };
      // A browser in the namespace gets what a route that does not exist gives it.
      const html = { accept: 'text/html' };
      const [page, missing] = await fromNamespace([
        { url: `${remote}/checkout/elite?client_reference_id=${user.sub}`, headers: html },
        { url: `${remote}/no-such-page`, headers: html },
      ]);
      const seen = {
        regions: regions.status,
        namespace: await attempt(fromNamespace, remote, user),
        spoofed: await attempt(fromNamespace, remote, user, spoofed),
        balance: await balanceOf(app, user),
      };
      expect(seen).toEqual({ regions: 200, namespace: REFUSED, spoofed: REFUSED, balance: 10 });
      expect(page).toEqual(missing);
      expect(page.body).not.toContain('Pay');
      // No session was made: the checkout's event list, read from loopback, is empty.
      const events = await fetch(`http://127.0.0.1:${port}/dev/checkout/events`);
      expect(await events.json()).toEqual([]);

      // The same attempt from this machine is answered, and the same event credits.
      const local = await attempt(fromHere, `http://127.0.0.1:${port}`, user);
      expect({ local, balance: await balanceOf(app, user) }).toEqual({
        local: ANSWERED,
        balance: 10 + CREDITED,
      });
    } finally {
      await app.close();
    }
  });

  it('behind a reverse proxy on this machine: only what TRUST_PROXY resolves to loopback is local', async () => {
    if (skipped) return;
    /** Each setting, each proxy header, the attempts through the proxy from both sides. */
    const setups: {
      label: string;
      trustProxy?: string;
      header: 'x-forwarded-for' | 'forwarded';
    }[] = [
      { label: 'no TRUST_PROXY, X-Forwarded-For', header: 'x-forwarded-for' },
      { label: 'no TRUST_PROXY, Forwarded', header: 'forwarded' },
      {
        label: 'TRUST_PROXY=127.0.0.1, X-Forwarded-For',
        trustProxy: '127.0.0.1',
        header: 'x-forwarded-for',
      },
      { label: 'TRUST_PROXY=127.0.0.1, Forwarded', trustProxy: '127.0.0.1', header: 'forwarded' },
      { label: 'TRUST_PROXY=1, X-Forwarded-For', trustProxy: '1', header: 'x-forwarded-for' },
    ];
    const seen: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    for (const { label, trustProxy, header } of setups) {
      const { app, port } = await start('127.0.0.1', trustProxy ? { TRUST_PROXY: trustProxy } : {});
      const proxy = await startProxy(port, header);
      try {
        const user = await signUpUser(app, 'proxied');
        const viaProxyRemote = `http://${hostAddress}:${proxy.port}`;
        const viaProxyLocal = `http://127.0.0.1:${proxy.port}`;
        seen[label] = {
          namespace: await attempt(fromNamespace, viaProxyRemote, user),
          // A namespace client claiming to be loopback: the proxy appends its real address.
          namespaceClaimingLoopback: await attempt(fromNamespace, viaProxyRemote, user, {
            [header]: header === 'forwarded' ? 'for=127.0.0.1' : '127.0.0.1',
          }),
          loopback: await attempt(fromHere, viaProxyLocal, user),
          direct: await attempt(fromHere, `http://127.0.0.1:${port}`, user),
        };
        seen[label] = { ...(seen[label] as object), balance: await balanceOf(app, user) };
        const trusted = trustProxy !== undefined;
        expected[label] = {
          namespace: REFUSED,
          namespaceClaimingLoopback: REFUSED,
          loopback: trusted ? ANSWERED : REFUSED,
          direct: ANSWERED,
          balance: 10 + (trusted ? 2 : 1) * CREDITED,
        };
      } finally {
        await closeServer(proxy.server);
        await app.close();
      }
    }
    expect(seen).toEqual(expected);
  });

  it('answers the namespace with DEV_TOOLS_PUBLIC=true, warning at start that peanuts can be had', async () => {
    if (skipped) return;
    const logs = new LogCapture();
    const { app, port } = await start('0.0.0.0', { DEV_TOOLS_PUBLIC: 'true' }, logs);
    try {
      const user = await signUpUser(app, 'public');
      const outcome = await attempt(fromNamespace, `http://${hostAddress}:${port}`, user);
      expect({ outcome, balance: await balanceOf(app, user) }).toEqual({
        outcome: ANSWERED,
        balance: 10 + CREDITED,
      });
      expect(logs.text).toContain('DEV_TOOLS_PUBLIC=true');
      expect(logs.text).toContain('the local checkout /checkout/');
    } finally {
      await app.close();
    }
  });
});
