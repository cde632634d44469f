/**
 * The SDK script of docs/sdk.md runs as written (sign in, create, wait for Running, download the
 * config, delete) against a real server, with a user registered through the CLI.
 */
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  childEnv,
  GOOD_PASSWORD,
  signUpThroughCli,
  startCliWorld,
  uniqueEmail,
  type CliWorld,
} from './support';

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '../..');
const README = readFileSync(path.join(ROOT, 'docs/sdk.md'), 'utf8');

/** The ```ts block following the `<!-- sdk-example -->` marker. */
function sdkExample(): string {
  const match = /<!-- sdk-example -->\s*```ts\n([\s\S]*?)\n```/.exec(README);
  if (!match) throw new Error('docs/sdk.md has no <!-- sdk-example --> ts block');
  return match[1];
}

describe('the SDK script of docs/sdk.md', () => {
  let world: CliWorld;
  const email = uniqueEmail('sdk');
  beforeAll(async () => {
    world = await startCliWorld();
    await signUpThroughCli(world, email);
  });
  afterAll(() => world.close());

  it('signs in, creates a VPN, waits for Running, writes its config and QR code, deletes it', async () => {
    const source = sdkExample();
    expect(source).toContain("from './src/sdk'");
    const script = path.join(world.dir, 'sdk-example.ts');
    // Run from a temporary folder: the import points at this checkout's SDK.
    writeFileSync(script, source.replace("'./src/sdk'", `'${path.join(ROOT, 'src/sdk')}'`));
    const { stdout, stderr } = await promisify(execFile)(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      [script],
      {
        cwd: world.dir,
        env: childEnv({
          PEANUT_URL: world.server.origin,
          PEANUT_EMAIL: email,
          PEANUT_PASSWORD: GOOD_PASSWORD,
        }),
      },
    );
    expect(stderr).toBe('');
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^\d+@eu-west-3 is Running$/);
    const conf = /^wrote (\S+\.conf); connect with: sudo wg-quick up \.\/\1$/.exec(lines[1])?.[1];
    expect(conf).toBeDefined();
    expect(lines[2]).toMatch(/^\d+@eu-west-3 is Deleted, used \d+(\.\d+)? peanuts$/);
    const files = readdirSync(world.dir);
    expect(files).toEqual(expect.arrayContaining([conf, conf?.replace(/\.conf$/, '.png')]));
    const confPath = path.join(world.dir, conf ?? '');
    expect(readFileSync(confPath, 'utf8')).toMatch(/^\[Interface\]$/m);
    expect(statSync(confPath).mode & 0o777).toBe(0o600);
  });
});
