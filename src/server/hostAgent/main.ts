/**
 * `npm run host` / `peanut-host` (docs/architecture.md "VPN hosts"): runs a VPN host with the
 * settings of the environment (hosts/settings.ts) until SIGINT or SIGTERM.
 */
import { HostAgent, stdoutLog } from './agent';
import { loadHostAgentSettings } from '../hosts/settings';

async function main(): Promise<void> {
  let agent: HostAgent;
  try {
    agent = new HostAgent(loadHostAgentSettings(process.env));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  try {
    await agent.start();
  } catch (error) {
    process.stderr.write(`Cannot start the VPN host: ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  }
  const stop = (signal: NodeJS.Signals): void => {
    stdoutLog('info', 'stopping', { signal });
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    agent.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
