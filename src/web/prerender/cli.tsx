/**
 * Prints the landing shell ({@link renderLandingShell}) as JSON `{ html, styles }` on stdout;
 * the production webpack build runs it (NODE_ENV=production, for antd's production class names).
 */
import { renderLandingShell } from './landingShell';

renderLandingShell().then(
  (shell) => {
    // Exits once written (stdout is a pipe: an exit before the flush would cut it short).
    process.stdout.write(JSON.stringify(shell), () => process.exit(0));
  },
  (error: unknown) => {
    process.stderr.write(`Landing shell render failed: ${String(error)}\n`);
    process.exit(1);
  },
);
