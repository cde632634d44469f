/**
 * The documentation lives in the repository and the code's references into it hold:
 * - every `§N` a comment cites (as in "spec §5") names a heading `## §N ...` of docs/product.md;
 * - every relative link of README.md and docs/ names a file that exists, and its `#anchor`, if
 *   any, a heading of that file (GitHub's slugs);
 * - code, tests and config state their rules and reasons themselves: they cite no issue number
 *   and no file outside the repository (a design note or specification kept elsewhere).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const productPath = path.join(root, 'docs/product.md');

/** Folders whose files may cite `§N`, and the file names that count as code, tests or config. */
const CODE_DIRS = ['src', '__tests__', 'bench', 'bin', '.ci'];
const CODE_FILE = /\.(ts|tsx|js|mjs|cjs|json|sql|css|html)$|^run$/;
const SKIPPED = new Set(['node_modules', 'dist', 'data', 'coverage', 'meta']);

function walk(dir: string, keep: (name: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    if (SKIPPED.has(name)) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) files.push(...walk(full, keep));
    else if (keep(name)) files.push(full);
  }
  return files;
}

function codeFiles(): string[] {
  const rootFiles = readdirSync(root)
    .filter((name) => /\.(ts|js|mjs|cjs)$/.test(name) || name === 'package.json')
    .map((name) => path.join(root, name));
  return [
    ...rootFiles,
    ...CODE_DIRS.flatMap((dir) => walk(path.join(root, dir), (name) => CODE_FILE.test(name))),
  ];
}

function markdownFiles(): string[] {
  return [path.join(root, 'README.md'), ...walk(path.join(root, 'docs'), (n) => n.endsWith('.md'))];
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Markdown text with its fenced code blocks blanked (their brackets are not links). */
function withoutCode(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

function headingSlugs(file: string): Set<string> {
  // Fenced blocks hold no headings; a heading's inline code stays in its anchor, as on GitHub.
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  const seen = new Map<string, number>();
  const slugs = new Set<string>();
  for (const match of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(match[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    slugs.add(count === 0 ? base : `${base}-${count}`);
  }
  return slugs;
}

describe('docs/product.md', () => {
  const product = existsSync(productPath) ? readFileSync(productPath, 'utf8') : '';
  const sections = [...product.matchAll(/^## §(\d+)\s/gm)].map((m) => Number(m[1]));

  it('has the sections §1 to §9, in order', () => {
    expect(sections).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('has a heading for every § the code cites', () => {
    const missing: string[] = [];
    for (const file of codeFiles()) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        for (const match of line.matchAll(/§(\d+)/g)) {
          if (!sections.includes(Number(match[1])))
            missing.push(`${path.relative(root, file)}:${i + 1}: §${match[1]}`);
        }
      });
    }
    expect(missing).toEqual([]);
  });
});

describe('code, tests and config', () => {
  it('cite no issue number and no document outside the repository', () => {
    const outside = /\bissues? #?\d+|\bDESIGN\.md\b|product-spec|\.\.\/shared\//i;
    const found: string[] = [];
    // This file names the patterns it looks for.
    for (const file of codeFiles().filter((name) => name !== __filename)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (outside.test(line))
            found.push(`${path.relative(root, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});

describe('links of README.md and docs/', () => {
  it.each(markdownFiles().map((file) => path.relative(root, file)))('%s', (relative) => {
    const file = path.join(root, relative);
    const text = withoutCode(readFileSync(file, 'utf8'));
    const broken: string[] = [];
    for (const match of text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = match[1];
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
      const [pathPart, anchor] = target.split('#', 2);
      const resolved = pathPart ? path.resolve(path.dirname(file), pathPart) : file;
      if (!existsSync(resolved)) {
        broken.push(`${target}: no such file`);
        continue;
      }
      if (anchor && resolved.endsWith('.md') && !headingSlugs(resolved).has(anchor))
        broken.push(`${target}: no heading #${anchor} in ${path.relative(root, resolved)}`);
    }
    expect(broken).toEqual([]);
  });
});
