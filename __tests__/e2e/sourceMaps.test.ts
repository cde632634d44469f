/**
 * The production build publishes no source map. dist/web (built by
 * `npm run build`, which `npm test` runs first) holds no `.map` file and no `sourceMappingURL`
 * comment, and the server answers 404 for the map of a served script. No browser needed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT, ensureBuilt, startServer, type RunningServer } from './support';

const WEB_DIR = path.join(ROOT, 'dist/web');

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describe('the production build', () => {
  let server: RunningServer;
  beforeAll(async () => {
    ensureBuilt();
    server = await startServer();
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('holds no .map file and no sourceMappingURL comment', () => {
    const files = filesUnder(WEB_DIR);
    const scripts = files.filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(5);
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    for (const script of scripts) {
      expect(readFileSync(path.join(WEB_DIR, script), 'utf8')).not.toMatch(/sourceMappingURL=/);
    }
  });

  it("serves the page's scripts but no map for them (404)", async () => {
    const html = await (
      await fetch(`${server.origin}/`, { headers: { accept: 'text/html' } })
    ).text();
    // The minified page quotes attributes only where it must.
    const scripts = [...html.matchAll(/<script[^>]+src="?(\/[^"\s>]+\.js)/g)].map((m) => m[1]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const js = await fetch(`${server.origin}${script}`);
      expect(js.status).toBe(200);
      expect(js.headers.get('sourcemap')).toBeNull();
      const map = await fetch(`${server.origin}${script}.map`);
      expect(map.status).toBe(404);
    }
  });
});
