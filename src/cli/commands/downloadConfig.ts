/**
 * `peanut download-config <vpnId> [--output <file>] [--force]`: the VPN's WireGuard config and
 * its QR code as a tar.gz archive (spec §2 /doc-cli step 5; file names of spec §2 "Config").
 */
import { mkdtemp, rm, stat, writeFile, chmod } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { confName } from '../../core/vpnConfFile';
import { getConfig, getQrConfig } from '../../sdk/vpns';
import { declareCommand, examples, type Define } from '../command';
import type { CommandContext } from '../context';
import { CliError } from '../errors';

/** Options of `peanut download-config`. */
export interface DownloadConfigOptions {
  vpnId: string;
  /** Archive path; default `<name>.tar.gz` in the current directory. */
  output?: string;
  /** Overwrite an existing file. */
  force: boolean;
}

/** Declares `peanut download-config`. */
export const defineDownloadConfig: Define = (program, action) => {
  declareCommand(program, 'download-config')
    .argument('<vpnId>', 'VPN id, e.g. 1718031234567@eu-west-3 (see list)')
    .option('-o, --output <file>', 'archive to write (default: <name>.tar.gz, <name> as below)')
    .option('-f, --force', 'overwrite the archive if it exists')
    .addHelpText(
      'after',
      '\nThe archive holds <name>.conf and <name>.png, <name> being the short name of the VPN\n' +
        '(at most 15 characters: wg-quick names the interface after the file). It is written\n' +
        'with mode 0600: the config holds the private key.\n' +
        examples(
          'peanut download-config 1718031234567@eu-west-3',
          'tar xzf 2406101453euw3.tar.gz && sudo wg-quick up ./2406101453euw3.conf',
          'peanut download-config 1718031234567@eu-west-3 --output vpn.tar.gz --force',
        ),
    )
    .action((vpnId: string, opts: { output?: string; force?: boolean }, command) =>
      action(
        runDownloadConfig,
        { vpnId, output: opts.output, force: opts.force ?? false },
        command,
      ),
    );
};

/** The message when the archive exists and `--force` is not given. */
export function fileExistsMessage(file: string): string {
  return `${file} already exists (use --force to overwrite it)`;
}

/** True when `file` exists. */
async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Downloads the config (`GET .../config`, base64 decoded) and the QR code PNG
 * (`GET .../qrconfig`) and writes `<name>.conf` and `<name>.png` (mode 0600 each) into a gzipped
 * tar archive written with mode 0600. The files pass through a private temporary folder (0700),
 * removed afterwards.
 * @throws InvalidVpnIdError; CliError when the archive exists without `force`; ApiError
 *   ('Vpn not found'...); NotSignedInError (exit 4).
 */
export async function runDownloadConfig(
  options: DownloadConfigOptions,
  ctx: CommandContext,
): Promise<void> {
  const name = confName(options.vpnId);
  const file = path.resolve(ctx.io.cwd, options.output ?? `${name}.tar.gz`);
  if (!options.force && (await exists(file))) throw new CliError(fileExistsMessage(file));
  const api = await ctx.api();
  const [config, qr] = await Promise.all([
    getConfig(api, options.vpnId),
    getQrConfig(api, options.vpnId),
  ]);
  const entries = [`${name}.conf`, `${name}.png`];
  const tar = await import('tar');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'peanut-config-'));
  try {
    await writeFile(path.join(dir, entries[0]), config.text, { mode: 0o600 });
    await writeFile(path.join(dir, entries[1]), Buffer.from(qr.base64, 'base64'), { mode: 0o600 });
    const out = createWriteStream(file, { flags: options.force ? 'w' : 'wx', mode: 0o600 });
    try {
      await pipeline(tar.create({ gzip: true, cwd: dir, portable: true }, entries), out);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
        throw new CliError(fileExistsMessage(file));
      }
      throw error;
    }
    await chmod(file, 0o600);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  ctx.output({ vpnId: options.vpnId, file, entries }, () => {
    ctx.io.stdout(`Wrote ${file} (${entries.join(', ')}).`);
    ctx.io.stdout(`Connect with: tar xzf ${file} && sudo wg-quick up ./${entries[0]}`);
  });
}
