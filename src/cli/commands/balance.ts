/** `peanut balance`: the account's peanuts (spec §7 `GET /v1/peanuts`). */
import { formatPeanuts } from '../../core/format';
import { getBalance } from '../../sdk/vpns';
import { declareCommand, examples, type Define } from '../command';
import type { CommandContext } from '../context';

/** `peanut balance` takes no options of its own. */
export type BalanceOptions = Record<string, never>;

/** Declares `peanut balance`. */
export const defineBalance: Define = (program, action) => {
  declareCommand(program, 'balance')
    .addHelpText('after', examples('peanut balance', 'peanut balance --json'))
    .action((_opts, command) => action(runBalance, {}, command));
};

/** Prints the balance (two decimals; exact with --json). @throws NotSignedInError (exit 4) */
export async function runBalance(_options: BalanceOptions, ctx: CommandContext): Promise<void> {
  const balance = await getBalance(await ctx.api());
  ctx.output(balance, () => ctx.io.stdout(`Balance: ${formatPeanuts(balance.balance)} peanuts`));
}
