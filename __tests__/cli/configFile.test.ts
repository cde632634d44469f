/**
 * The user config file is written without touching what is not peanut's:
 * the folder of a `--config <file>` keeps its mode, the file is 0600, and the temporary file
 * is created exclusively, so a file or symlink planted at a temporary path is neither followed
 * nor overwritten.
 */
import crypto from 'node:crypto';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { writeUserConfig, type UserConfig } from '../../src/cli/profile';
import { expectOk, GOOD_PASSWORD, startCliWorld, uniqueEmail, type CliWorld } from './support';

jest.setTimeout(120_000);

const CONFIG: UserConfig = { profiles: { default: { url: 'http://127.0.0.1:9' } } };

describe('the user config file', () => {
  let world: CliWorld;
  beforeAll(async () => {
    world = await startCliWorld();
  });
  afterAll(() => world.close());
  afterEach(() => jest.restoreAllMocks());

  /** A new folder of mode 0755 under the world's folder. */
  const sharedFolder = (name: string): string => {
    const dir = path.join(world.dir, name);
    mkdirSync(dir);
    chmodSync(dir, 0o755);
    return dir;
  };

  it('peanut --config <file> login leaves the folder mode alone, the file is 0600', async () => {
    const email = uniqueEmail('cfgflag');
    await expectOk(world.run(['register', email, '--password-stdin'], { input: GOOD_PASSWORD }));
    await expectOk(world.run(['confirm-registration', email, await world.mailedCode(email)]));
    const shared = sharedFolder('shared');
    const file = path.join(shared, 'peanut.json');
    await expectOk(
      world.run(['--config', file, 'login', email], { env: { PEANUT_PASSWORD: GOOD_PASSWORD } }),
    );
    expect(statSync(shared).mode & 0o777).toBe(0o755);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8')).profiles.default.email).toBe(email);
    expect(readdirSync(shared)).toEqual(['peanut.json']); // no temporary file left
  });

  it('a --config file in a folder that does not exist is a clear error; nothing is created', async () => {
    const missing = path.join(world.dir, 'missing', 'deeper');
    await expect(
      writeUserConfig(path.join(missing, 'c.json'), CONFIG, { defaultFolder: false }),
    ).rejects.toThrow(`Cannot write the user config file ${missing}/c.json: no folder ${missing}`);
    expect(existsSync(path.join(world.dir, 'missing'))).toBe(false);
  });

  it('the default folder is created and kept at 0700', async () => {
    const dir = path.join(world.dir, 'own', 'peanut');
    await writeUserConfig(path.join(dir, 'config.json'), CONFIG, { defaultFolder: true });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    chmodSync(dir, 0o755);
    await writeUserConfig(path.join(dir, 'config.json'), CONFIG, { defaultFolder: true });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(dir, 'config.json')).mode & 0o777).toBe(0o600);
  });

  it('a symlink or file planted at the old predictable temporary path is not followed or overwritten', async () => {
    const shared = sharedFolder('planted');
    const victim = path.join(world.dir, 'victim.txt');
    writeFileSync(victim, 'victim\n');
    chmodSync(victim, 0o644); // whatever the process's umask (a server test may have set 077)
    const file = path.join(shared, 'config.json');
    // The name the file used to be written through: `<file>.<pid>.tmp`.
    symlinkSync(victim, `${file}.${process.pid}.tmp`);
    await writeUserConfig(file, CONFIG, { defaultFolder: false });
    expect(readFileSync(victim, 'utf8')).toBe('victim\n');
    expect(statSync(victim).mode & 0o777).toBe(0o644);
    expect(readlinkSync(`${file}.${process.pid}.tmp`)).toBe(victim);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(CONFIG);

    const other = path.join(shared, 'other.json');
    writeFileSync(`${other}.${process.pid}.tmp`, 'planted\n');
    await writeUserConfig(other, CONFIG, { defaultFolder: false });
    expect(readFileSync(`${other}.${process.pid}.tmp`, 'utf8')).toBe('planted\n');
    expect(JSON.parse(readFileSync(other, 'utf8'))).toEqual(CONFIG);
  });

  it('the temporary file is opened exclusively: a symlink at its path fails the write, untouched', async () => {
    const shared = sharedFolder('exclusive');
    const victim = path.join(world.dir, 'victim2.txt');
    writeFileSync(victim, 'victim\n');
    chmodSync(victim, 0o644); // whatever the process's umask (a server test may have set 077)
    const file = path.join(shared, 'config.json');
    const fixed = Buffer.alloc(8, 0xab);
    jest.spyOn(crypto, 'randomBytes').mockImplementation(() => fixed);
    const tmp = `${file}.${fixed.toString('hex')}.tmp`;
    symlinkSync(victim, tmp);
    await expect(writeUserConfig(file, CONFIG, { defaultFolder: false })).rejects.toMatchObject({
      code: 'EEXIST',
    });
    expect(readFileSync(victim, 'utf8')).toBe('victim\n');
    expect(lstatSync(tmp).isSymbolicLink()).toBe(true);
    expect(existsSync(file)).toBe(false);
  });
});
