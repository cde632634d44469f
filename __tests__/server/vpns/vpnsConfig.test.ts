/**
 * The WireGuard pieces of a VPN: real x25519 keys, the client `.conf` text as a pure
 * function checked against a golden file, and its QR code as a PNG.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import QRCode from 'qrcode';
import {
  generateKeyPair,
  generatePresharedKey,
  isWgKey,
  publicKeyOf,
} from '../../../src/server/provisioners/keys';
import { QR_MARGIN, QR_SCALE, qrPngBase64 } from '../../../src/server/vpns/qrcode';
import {
  splitList,
  wireGuardClientConfig,
  type WireGuardClientConfig,
} from '../../../src/server/vpns/wireguardConfig';

const GOLDEN = readFileSync(
  path.join(__dirname, '..', '..', 'support', 'fixtures', 'wireguard-client.conf'),
  'utf8',
);

/** The record the golden file was written from. */
const RECORD: WireGuardClientConfig = {
  privateKey: 'YFbY9hnBF6xBSq2O2VhVpLTvlcEVsQF/DESJJuwndUk=',
  addresses: ['10.64.0.2/32', 'fd64::2/128'],
  dns: ['1.1.1.1', '2606:4700:4700::1111'],
  serverPublicKey: 'fahsOx8+KLfCJXhWNgekoXwZ7Ee7yBAqSocwUHwEZz4=',
  presharedKey: 'vCp14ANZoyYWo4AjL4qONJeJTM11YoKK9zN/RDLshDc=',
  endpoint: 'eu-west-3.vpn.peanut.local:51820',
};

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The 8-byte PNG signature. */
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('WireGuard keys', () => {
  it('derives the public key of RFC 7748 (section 6.1) test vector', () => {
    const alicePrivate = Buffer.from(
      '77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a',
      'hex',
    ).toString('base64');
    const alicePublic = Buffer.from(
      '8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a',
      'hex',
    ).toString('base64');
    expect(publicKeyOf(alicePrivate)).toBe(alicePublic);
  });

  it('generates real, distinct x25519 pairs and 32-byte preshared keys', () => {
    const pairs = Array.from({ length: 20 }, generateKeyPair);
    for (const pair of pairs) {
      expect(isWgKey(pair.privateKey)).toBe(true);
      expect(isWgKey(pair.publicKey)).toBe(true);
      expect(publicKeyOf(pair.privateKey)).toBe(pair.publicKey);
    }
    expect(new Set(pairs.map((pair) => pair.privateKey)).size).toBe(20);
    const psk = generatePresharedKey();
    expect(Buffer.from(psk, 'base64')).toHaveLength(32);
    expect(generatePresharedKey()).not.toBe(psk);
    expect(pairs[0].publicKey).toBe(publicKeyOf(pairs[0].privateKey));
  });

  it.each(['', 'abc', 'A'.repeat(44), Buffer.alloc(31).toString('base64')])(
    'rejects %p as a key',
    (key) => {
      expect(isWgKey(key)).toBe(false);
    },
  );
});

describe('wireGuardClientConfig', () => {
  it('writes the golden file', () => {
    expect(wireGuardClientConfig(RECORD)).toBe(GOLDEN);
  });

  it('uses the given AllowedIPs and keepalive', () => {
    const text = wireGuardClientConfig({
      ...RECORD,
      allowedIps: ['10.0.0.0/8'],
      persistentKeepalive: 0,
    });
    expect(text).toContain('AllowedIPs = 10.0.0.0/8\n');
    expect(text).toContain('PersistentKeepalive = 0\n');
  });

  it.each<[string, Partial<WireGuardClientConfig>]>([
    ['a bad private key', { privateKey: 'not-a-key' }],
    ['a bad public key', { serverPublicKey: RECORD.privateKey.slice(1) }],
    ['a bad preshared key', { presharedKey: '' }],
    ['a line break in the endpoint', { endpoint: 'host:51820\nPostUp = rm -rf /' }],
    ['a space in an address', { addresses: ['10.0.0.2/32 PostUp'] }],
    ['no address', { addresses: [] }],
    ['no DNS', { dns: [] }],
    ['a bad keepalive', { persistentKeepalive: 1.5 }],
  ])('refuses %s', (_label, change) => {
    expect(() => wireGuardClientConfig({ ...RECORD, ...change })).toThrow(/WireGuard/);
  });

  it('splits stored lists', () => {
    expect(splitList('10.64.0.2/32, fd64::2/128')).toEqual(['10.64.0.2/32', 'fd64::2/128']);
    expect(splitList(null)).toEqual([]);
    expect(splitList(' , ')).toEqual([]);
  });
});

describe('qrPngBase64', () => {
  it('draws the config as a PNG QR code of the expected size', async () => {
    const png = Buffer.from(await qrPngBase64(GOLDEN), 'base64');
    expect(png.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    const modules = QRCode.create(GOLDEN, { errorCorrectionLevel: 'M' }).modules.size;
    const side = (modules + 2 * QR_MARGIN) * QR_SCALE;
    expect(pngSize(png)).toEqual({ width: side, height: side });
    expect(side).toBeGreaterThan(300);
  });
});
