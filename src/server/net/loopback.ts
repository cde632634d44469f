/**
 * Loopback checks: the development companions (`/dev/*`, the local checkout
 * `/checkout/*`, events signed with the public default webhook secret) answer only callers on
 * this machine, and `/app-config.json` reflects only loopback or configured host names.
 *
 * One rule decides who is a loopback caller (docs/architecture.md "local checkout exposure"): the
 * socket's peer is loopback, and a request carrying `X-Forwarded-For` or `Forwarded` is loopback
 * only when `TRUST_PROXY` believes the peer and each such header resolves, through the proxies it
 * trusts, to a loopback client. A reverse proxy on this machine relaying someone else, or one
 * `TRUST_PROXY` does not name, does not make the world local.
 */
import { BlockList, isIP } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
LOOPBACK.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

/** True when `address` (an IP address as a socket reports it) is a loopback address. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const version = isIP(address);
  if (version === 0) return false;
  return LOOPBACK.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

/**
 * True when `host` (a Host header value, `name[:port]`) names this machine's loopback
 * interface: `localhost` (or a name under `.localhost`), 127.0.0.0/8 or `[::1]`.
 */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name.endsWith('.localhost') || isLoopbackAddress(name);
}

/** The proxies whose forwarding headers are believed, as `config.trustProxy` holds them. */
export type TrustProxy = false | number | readonly string[];

/**
 * Whether the hop `hop` (0 = the socket's peer, 1 = the address it forwarded for, ...) at
 * `address` is a believed proxy: proxy-addr's predicate, the one Fastify's `request.ip` uses.
 */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * The predicate of `TRUST_PROXY`: none for false, the `n` nearest hops for a count, the
 * addresses and CIDR ranges of a list (IPv4-mapped IPv6 peers included, as proxy-addr does).
 * app.ts gives the same predicate to Fastify, so `request.ip` and the loopback check agree.
 */
export function proxyTrust(trustProxy: TrustProxy): ProxyTrust {
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'number') {
    const hops = trustProxy;
    return (_address, hop) => hop < hops;
  }
  return proxyAddr.compile([...trustProxy]);
}

/** The address of one `for=` node of a `Forwarded` element (RFC 7239 section 6), or ''. */
function forwardedNode(element: string): string {
  for (const pair of element.split(';')) {
    const match = /^\s*for\s*=\s*"?([^"]*)"?\s*$/i.exec(pair);
    if (!match) continue;
    const node = match[1].trim();
    // `[2001:db8::1]:4711` and `192.0.2.1:4711` name an address and a port.
    const bracketed = /^\[([^\]]*)\]/.exec(node);
    if (bracketed) return bracketed[1];
    return isIP(node) === 0 ? node.replace(/:\d+$/, '') : node;
  }
  return '';
}

/**
 * The client addresses each forwarding header of `headers` names, nearest proxy last (as sent):
 * one list per header present (`X-Forwarded-For`, `Forwarded`), empty when none is.
 */
export function forwardedChains(
  headers: Readonly<Record<string, string | string[] | undefined>>,
): string[][] {
  const chains: string[][] = [];
  // A header sent more than once is one list, in order (as Node joins most headers).
  const entries = (value: string | string[]) =>
    (Array.isArray(value) ? value.join(',') : value).split(',');
  const xff = headers['x-forwarded-for'];
  if (xff !== undefined) chains.push(entries(xff).map((entry) => entry.trim()));
  const forwarded = headers.forwarded;
  if (forwarded !== undefined) chains.push(entries(forwarded).map(forwardedNode));
  return chains;
}

/** What the loopback check reads of a request (a Fastify request or a Node one). */
export interface Caller {
  /** The connection; `remoteAddress` is the peer's address. */
  socket: { remoteAddress?: string };
  /** The request headers, names in lower case. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
}

/**
 * True when `caller` is on this machine: its socket's peer is a loopback address and, for each
 * forwarding header it carries, the peer is a proxy `trust` believes and the client that header
 * resolves to (the first hop, going outwards, that `trust` does not believe; the farthest when
 * it believes them all) is a loopback address.
 */
export function isLoopbackCaller(caller: Caller, trust: ProxyTrust): boolean {
  const peer = caller.socket.remoteAddress;
  if (!peer || !isLoopbackAddress(peer)) return false;
  for (const chain of forwardedChains(caller.headers)) {
    if (!trust(peer, 0)) return false;
    const hops = [...chain].reverse();
    let client: string | undefined;
    for (let hop = 0; hop < hops.length; hop++) {
      client = hops[hop];
      if (!trust(client, hop + 1)) break;
    }
    if (!isLoopbackAddress(client)) return false;
  }
  return true;
}

/** Options of {@link loopbackOnly}. */
export interface LoopbackOnlyOptions {
  /** The proxies believed (`TRUST_PROXY`). */
  trustProxy: TrustProxy;
  /** True to answer every caller (`DEV_TOOLS_PUBLIC=true`): then nothing is hidden. */
  public: boolean;
}

/**
 * Hides the routes of the encapsulated plugin `app` from callers that are not loopback
 * ({@link isLoopbackCaller}): they get the 404 of a route that does not exist, and the refusal
 * is logged. Nothing is hidden when `options.public`.
 */
export function loopbackOnly(app: FastifyInstance, options: LoopbackOnlyOptions): void {
  if (options.public) return;
  const trust = proxyTrust(options.trustProxy);
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (isLoopbackCaller(request.raw, trust)) return;
    request.log.info(
      { url: request.routeOptions.url },
      'development route hidden from a caller not on loopback',
    );
    return reply.callNotFound();
  });
}
