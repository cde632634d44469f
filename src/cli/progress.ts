/**
 * Progress while waiting for a VPN state (`--sync`): a spinner with the current state on stderr
 * when stderr is a terminal, nothing at all on a pipe.
 */
import type { VpnState } from '../core/vpn';
import type { CliIO } from './context';

/** Shows the state being waited on; `stop` clears it. */
export interface Progress {
  /** Shows `state` beside the spinner. */
  update(state: VpnState): void;
  /** Removes the spinner. */
  stop(): void;
}

/**
 * Starts a spinner reading `{label}: {state}` on a terminal; on a pipe, a progress that prints
 * nothing.
 */
export async function startProgress(io: CliIO, label: string): Promise<Progress> {
  if (!io.stderrStream.isTTY) return { update: () => undefined, stop: () => undefined };
  const { default: yoctoSpinner } = await import('yocto-spinner');
  const spinner = yoctoSpinner({ text: label, stream: io.stderrStream }).start();
  return {
    update(state) {
      spinner.text = `${label}: ${state}`;
    },
    stop() {
      spinner.stop();
    },
  };
}
