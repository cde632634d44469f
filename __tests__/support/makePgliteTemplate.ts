/**
 * Writes the PGlite template of a test run (see PGLITE_TEMPLATE_ENV in src/server/db): a new
 * in-memory cluster, migrated, with the job queue's schema installed (as the server's jobs
 * start would: pg-boss's `migrate`), and dumped (a gzipped tar) to the file named by the first
 * argument. Run by globalSetup.js, which names a file per migrations and PGlite version.
 */
import fs from 'node:fs';
import PgBoss from 'pg-boss';
import { MEMORY_DATA_DIR, PGLITE_TEMPLATE_ENV, openDatabase } from '../../src/server/db';

async function main(file: string): Promise<void> {
  delete process.env[PGLITE_TEMPLATE_ENV];
  const handle = await openDatabase({ databaseUrl: undefined, dataDir: MEMORY_DATA_DIR });
  try {
    await handle.migrate();
    const boss = new PgBoss({
      db: { executeSql: handle.executeSql },
      migrate: true,
      supervise: false,
      schedule: false,
    });
    await boss.start();
    await boss.stop({ graceful: false, close: false });
    const partial = `${file}.${process.pid}`;
    await handle.dumpTo!(partial);
    fs.renameSync(partial, file);
  } finally {
    await handle.close();
  }
}

void main(process.argv[2] ?? '').catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
