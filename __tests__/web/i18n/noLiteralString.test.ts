/**
 * @jest-environment node
 *
 * The lint rule that finds a hard-coded text in a translated component (docs/languages.md "The
 * lint rule"): the project's own ESLint configuration, as `npx eslint` runs it, on a snippet
 * linted as if it were one of the listed files. Every visible or spoken literal is reported (JSX
 * text in any script, a literal or a template as a child or inside one, a shown or spoken
 * attribute, an element in a slot, a column's cell, a marked part); text without a letter, data
 * attributes and object keys that name data pass. A file outside the list is not checked.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

/** Each line of the snippet's JSX, and whether the rule must report it. */
const CASES: readonly (readonly [string, boolean])[] = [
  ['<p>Hard-coded text</p>', true],
  ['<p>日本語のテキスト</p>', true],
  ['<p>{"A literal child"}</p>', true],
  ['<p>{`A template child`}</p>', true],
  ['<p>{n > 1 ? "Many" : "One"}</p>', true],
  ['<p>OK</p>', true],
  ['<img alt="A picture" src="/x.png" />', true],
  ['<input placeholder="Type here" type="text" />', true],
  ['<button aria-label="Close" type="button" />', true],
  ['<span title="Tip" />', true],
  ['<Foo label="Label" />', true],
  ['<Foo okText={"Okay"} />', true],
  ['<Foo description="Described" />', true],
  ['<Foo icon={<b>Nested text</b>} />', true],
  ['<Foo columns={[{ key: "k", dataIndex: "d", render: () => <i>Cell</i> }]} />', true],
  ['<Foo parts={{ b: (w: string) => <strong>Bold {w}</strong> }} />', true],
  ['<p>{text.hello}</p>', false],
  ['<p>· — 12 / 3 % {"·"}</p>', false],
  ['<p>N/A</p>', false],
  ['<a href="/pricing" className="link" target="_blank" rel="noreferrer" />', false],
  ['<Foo size="small" placement="top" type="primary" to="/faq" />', false],
  ['<Foo columns={[{ key: "k", dataIndex: "d", align: "right" }]} />', false],
];

/** The snippet: one component whose JSX holds each case on its own line, from line 6. */
const FIRST_LINE = 6;
const SNIPPET = [
  'declare const n: number;',
  'declare const text: { hello: string };',
  'declare function Foo(props: Record<string, unknown>): null;',
  'export function Fixture() {',
  '  return (<div>',
  ...CASES.map(([jsx]) => `    ${jsx}`),
  '  </div>);',
  '}',
  '',
].join('\n');

/** The lines (from 1) where `npx eslint`'s configuration reports the rule, for each path. */
function reportedLines(filePaths: readonly string[]): Record<string, number[]> {
  const script = `
    import { ESLint } from 'eslint';
    const eslint = new ESLint({
      cwd: process.cwd(),
      ruleFilter: ({ ruleId }) => ruleId === 'i18next/no-literal-string',
    });
    const out = {};
    for (const filePath of JSON.parse(process.argv[1])) {
      const [result] = await eslint.lintText(process.argv[2], { filePath });
      out[filePath] = result.messages
        .filter((m) => m.ruleId === 'i18next/no-literal-string')
        .map((m) => m.line);
    }
    console.log(JSON.stringify(out));
  `;
  const stdout = execFileSync(
    process.execPath,
    ['--input-type=module', '-e', script, JSON.stringify(filePaths), SNIPPET],
    { cwd: ROOT, encoding: 'utf8', timeout: 110_000 },
  );
  return JSON.parse(stdout) as Record<string, number[]>;
}

describe('i18next/no-literal-string', () => {
  it('reports each visible literal in the listed components, and nothing outside the list', () => {
    const listed = [
      'src/web/features/vpns/Fixture.tsx',
      'src/web/features/admin/Fixture.tsx',
      'src/web/components/content/Toc.tsx',
      'src/web/app/boot.tsx',
    ];
    const unlisted = 'src/web/lib/Fixture.tsx';
    const found = reportedLines([...listed, unlisted]);
    const expected = CASES.flatMap(([, reported], i) => (reported ? [FIRST_LINE + i] : []));
    for (const file of listed) {
      expect({ file, lines: [...new Set(found[file])].sort((a, b) => a - b) }).toEqual({
        file,
        lines: expected,
      });
    }
    expect(found[unlisted]).toEqual([]);
  }, 120_000);
});
