/**
 * Jest's global setup (jest.config.js), once per run before any suite: makes the PGlite template
 * of this run (src/server/db PGLITE_TEMPLATE_ENV) and names it in the environment, which every
 * worker and every server a suite starts inherits. A new PGlite database then loads that
 * migrated cluster (about 2.5 s of CPU) instead of running initdb and the migrations (about
 * 12 s). The file is kept in the temporary directory under a name made of the migrations' and
 * PGlite's and pg-boss's versions, so later runs on the machine reuse it and a changed migration makes another.
 */
const { execFileSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const MIGRATIONS = path.join(ROOT, 'src/server/db/migrations');

/** Hash of every file under `dir` (names and contents) and of PGlite's and pg-boss's versions. */
function templateKey(dir) {
  const hash = crypto.createHash('sha256');
  for (const name of ['@electric-sql/pglite', 'pg-boss']) {
    const manifest = path.join(ROOT, 'node_modules', name, 'package.json');
    hash.update(JSON.parse(fs.readFileSync(manifest, 'utf8')).version);
  }
  const walk = (folder) => {
    for (const name of fs.readdirSync(folder).sort()) {
      const file = path.join(folder, name);
      if (fs.statSync(file).isDirectory()) walk(file);
      else hash.update(path.relative(dir, file)).update(fs.readFileSync(file));
    }
  };
  walk(dir);
  return hash.digest('hex').slice(0, 16);
}

module.exports = function globalSetup() {
  const file = path.join(os.tmpdir(), `peanut-pglite-template-${templateKey(MIGRATIONS)}.tar.gz`);
  if (!fs.existsSync(file)) {
    execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(__dirname, 'makePgliteTemplate.ts'), file],
      { cwd: ROOT, stdio: 'inherit' },
    );
  }
  process.env.PEANUT_TEST_PGLITE_TEMPLATE = file;
};
