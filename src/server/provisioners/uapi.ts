/**
 * A client of WireGuard's cross-platform userspace API (UAPI,
 * https://www.wireguard.com/xplatform/): the `key=value` protocol wireguard-go serves on the
 * unix socket `/var/run/wireguard/<interface>.sock` (the one `wg` uses). Keys travel over the
 * socket only, hex-encoded as the protocol wants: never in argv, files or logs.
 */
import net from 'node:net';

/** Where wireguard-go keeps its control sockets (shared by every network namespace). */
export const WIREGUARD_SOCKET_DIR = '/var/run/wireguard';

/** Longest wait for one UAPI exchange, milliseconds. */
const UAPI_TIMEOUT_MS = 5000;

/** The control socket of interface `name`. */
export function socketPath(name: string): string {
  return `${WIREGUARD_SOCKET_DIR}/${name}.sock`;
}

/** A UAPI request that the daemon refused (`errno` not 0) or could not be made. */
export class UapiError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UapiError';
  }
}

/** Base64 of a 32-byte key (wg's format) to hex (UAPI's). */
export function keyToHex(base64: string): string {
  return Buffer.from(base64, 'base64').toString('hex');
}

/** Sends `request` (ending with an empty line) and resolves with the answer's lines. */
function exchange(name: string, request: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath(name));
    let answer = '';
    const fail = (message: string) => {
      socket.destroy();
      reject(new UapiError(`WireGuard interface ${name}: ${message}`));
    };
    socket.setTimeout(UAPI_TIMEOUT_MS, () => fail('no answer'));
    socket.on('error', (error: NodeJS.ErrnoException) => fail(error.code ?? error.message));
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('utf8');
      if (!answer.endsWith('\n\n')) return;
      socket.end();
      const lines = answer.split('\n').filter((line) => line !== '');
      const errno = lines.find((line) => line.startsWith('errno='));
      if (errno !== 'errno=0') fail(`refused (${errno ?? 'no errno'})`);
      else resolve(lines.filter((line) => !line.startsWith('errno=')));
    });
    socket.write(request);
  });
}

/** The server side of one VPN: its interface's key and port and its single peer. */
export interface InterfaceSettings {
  /** Private key, base64 (secret). */
  privateKey: string;
  /** UDP port. */
  listenPort: number;
  /** The peer's public key, base64. */
  peerPublicKey: string;
  /** The peer's preshared key, base64 (secret). */
  presharedKey: string;
  /** The peer's allowed IPs, CIDR. */
  allowedIps: readonly string[];
}

/** Sets the whole configuration of interface `name` (replacing any peers it had). */
export async function setInterface(name: string, settings: InterfaceSettings): Promise<void> {
  const lines = [
    'set=1',
    `private_key=${keyToHex(settings.privateKey)}`,
    `listen_port=${settings.listenPort}`,
    'replace_peers=true',
    `public_key=${keyToHex(settings.peerPublicKey)}`,
    `preshared_key=${keyToHex(settings.presharedKey)}`,
    'replace_allowed_ips=true',
    ...settings.allowedIps.map((cidr) => `allowed_ip=${cidr}`),
  ];
  await exchange(name, `${lines.join('\n')}\n\n`);
}

/** What `get` tells of an interface (no secrets: the private and preshared keys are dropped). */
export interface InterfaceState {
  /** The listening UDP port (0 when none). */
  listenPort: number;
  /** Its peers. */
  peers: PeerState[];
  /** True when its private key equals the one {@link getInterface} was asked to check. */
  privateKeyMatches: boolean;
}

/** A peer's state. */
export interface PeerState {
  /** Public key, hex. */
  publicKeyHex: string;
  /** Bytes received from the peer (encrypted, as on the wire). */
  rxBytes: number;
  /** Bytes sent to the peer. */
  txBytes: number;
  /** Last handshake, epoch seconds (0: never). */
  lastHandshakeS: number;
}

/**
 * Reads the state of interface `name`; `expectedPrivateKey` (base64) is compared inside and
 * never returned.
 * @throws UapiError when the interface does not answer (no daemon) or refuses.
 */
export async function getInterface(
  name: string,
  expectedPrivateKey?: string,
): Promise<InterfaceState> {
  const lines = await exchange(name, 'get=1\n\n');
  const state: InterfaceState = { listenPort: 0, peers: [], privateKeyMatches: false };
  let peer: PeerState | undefined;
  for (const line of lines) {
    const at = line.indexOf('=');
    const key = line.slice(0, at);
    const value = line.slice(at + 1);
    switch (key) {
      case 'private_key':
        state.privateKeyMatches =
          expectedPrivateKey !== undefined && value === keyToHex(expectedPrivateKey);
        break;
      case 'listen_port':
        state.listenPort = Number(value);
        break;
      case 'public_key':
        peer = { publicKeyHex: value, rxBytes: 0, txBytes: 0, lastHandshakeS: 0 };
        state.peers.push(peer);
        break;
      case 'rx_bytes':
        if (peer) peer.rxBytes = Number(value);
        break;
      case 'tx_bytes':
        if (peer) peer.txBytes = Number(value);
        break;
      case 'last_handshake_time_sec':
        if (peer) peer.lastHandshakeS = Number(value);
        break;
      default:
        break;
    }
  }
  return state;
}

/** Bytes through interface `name`, both directions, all peers (from this daemon's start). */
export async function transferBytes(name: string): Promise<number> {
  const { peers } = await getInterface(name);
  return peers.reduce((sum, peer) => sum + peer.rxBytes + peer.txBytes, 0);
}
