import {
  COMPASS_LETTERS,
  WG_INTERFACE_NAME_PATTERN,
  compassLetters,
  confFileName,
  confName,
  pngDataUrl,
} from '../../src/core/vpnConfFile';
import { decodeBase64Text } from '../../src/core/base64';
import { InvalidVpnIdError } from '../../src/core/errors';

// The 27 regions of docs/architecture.md.
const REGIONS = [
  'af-south-1',
  'ap-east-1',
  'ap-south-1',
  'ap-northeast-1',
  'ap-northeast-3',
  'ap-northeast-2',
  'ap-southeast-1',
  'ap-southeast-2',
  'ap-southeast-3',
  'ca-central-1',
  'ca-west-1',
  'eu-central-1',
  'eu-west-1',
  'eu-west-2',
  'eu-west-3',
  'eu-south-1',
  'eu-south-2',
  'eu-north-1',
  'me-south-1',
  'me-central-1',
  'us-east-1',
  'us-east-2',
  'us-west-1',
  'us-west-2',
  'sa-east-1',
  'cn-north-1',
  'cn-northwest-1',
];

describe('.conf file name (spec §2)', () => {
  it('is yyMMddHHmm (UTC) + region prefix + compass letter + index', () => {
    // 1710931200000 ms = 2024-03-20T10:40:00.000Z
    expect(new Date(1710931200000).toISOString()).toBe('2024-03-20T10:40:00.000Z');
    expect(confName('1710931200000@eu-west-3')).toBe('2403201040euw3');
    expect(confFileName('1710931200000@eu-west-3')).toBe('2403201040euw3.conf');
  });

  it.each([
    ['1710931200000@ap-northeast-1', '2403201040apne1'],
    ['1710931200000@ap-southeast-2', '2403201040apse2'],
    ['1710931200000@cn-northwest-1', '2403201040cnnw1'],
    ['1710931200000@ca-central-1', '2403201040cac1'],
    ['1710931200000@us-east-2', '2403201040use2'],
    ['1710931200000@eu-north-1', '2403201040eun1'],
    ['1710931200000@af-south-1', '2403201040afs1'],
    ['1710931200000@xx-southwest-4', '2403201040xxsw4'],
    ['1710931200000@xx-gov-4', '2403201040xxg4'],
    ['1710931200000@xx-constructor-4', '2403201040xxc4'],
    // 2009-02-13T23:31:30.999Z; a time before 2000 keeps two digits
    ['1234567890999@us-west-1', '0902132331usw1'],
    ['0@us-west-1', '7001010000usw1'],
    ['946684799999@us-west-1', '9912312359usw1'],
  ])('%s -> %s', (vpnId, name) => {
    expect(confName(vpnId)).toBe(name);
  });

  it('is a valid wg-quick interface name of at most 15 characters for every region', () => {
    for (const region of REGIONS) {
      const name = confName(`1710931200000@${region}`);
      expect(name).toMatch(WG_INTERFACE_NAME_PATTERN);
      expect(name.length).toBeLessThanOrEqual(15);
      expect(name.slice(0, 10)).toBe('2403201040');
    }
    expect(new Set(REGIONS.map((r) => confName(`1@${r}`))).size).toBe(REGIONS.length);
  });

  it('cuts to 15 characters', () => {
    expect(confName('1710931200000@xx-northeast-1')).toHaveLength(15);
    expect(WG_INTERFACE_NAME_PATTERN.test('2403201040apne1x')).toBe(false);
  });

  it('maps every compass word', () => {
    expect(COMPASS_LETTERS).toEqual({
      north: 'n',
      northeast: 'ne',
      east: 'e',
      southeast: 'se',
      south: 's',
      southwest: 'sw',
      west: 'w',
      northwest: 'nw',
      central: 'c',
    });
    expect(compassLetters('toString')).toBe('t');
  });

  it('rejects a bad vpnId', () => {
    expect(() => confName('nope')).toThrow(InvalidVpnIdError);
    expect(() => confFileName('')).toThrow('Undefined vpnId');
  });
});

describe('base64 payloads (spec §2, §7)', () => {
  it('decodes UTF-8 text from base64, standard or URL-safe, with or without padding', () => {
    const text = '[Interface]\nPrivateKey = abc+/=\n# café ✓\n';
    const standard = Buffer.from(text).toString('base64');
    expect(decodeBase64Text(standard)).toBe(text);
    expect(decodeBase64Text(Buffer.from(text).toString('base64url'))).toBe(text);
    expect(decodeBase64Text(standard.replace(/(.{10})/g, '$1\n'))).toBe(text);
    expect(decodeBase64Text('')).toBe('');
  });

  it('fails on input that is not base64 or not UTF-8', () => {
    expect(() => decodeBase64Text('a')).toThrow();
    expect(() => decodeBase64Text('%%%%')).toThrow();
    expect(() => decodeBase64Text(Buffer.from([0xff, 0xfe]).toString('base64'))).toThrow();
  });

  it('makes a PNG data URL', () => {
    expect(pngDataUrl('iVBO\nRw0K')).toBe('data:image/png;base64,iVBORw0K');
  });
});
