// A local ESLint rule (docs/languages.md): a component's visible texts come from its catalogue
// namespace (useTexts), never a literal in its JSX. It reports JSX text with a letter in it, a
// string literal (or a template without values) as a JSX child, and one given to a visible or
// spoken attribute (title, aria-label, placeholder, ...). Texts without a letter (punctuation,
// digits, symbols such as `·` or `—`) pass. It stands in for eslint-plugin-i18next's
// no-literal-string, which is not among the project's installed packages.

/** Attributes whose text is shown or spoken. */
const ATTRIBUTES = new Set([
  'title',
  'aria-label',
  'placeholder',
  'alt',
  'label',
  'description',
  'okText',
  'cancelText',
  'subTitle',
  'emptyText',
  'text',
  'tooltip',
  'message',
  'extra',
  'addonBefore',
  'addonAfter',
  'checkedChildren',
  'unCheckedChildren',
]);

/** True when `text` has a letter in any script. */
const hasLetter = (text) => /\p{L}/u.test(text);

/** The text of a string literal or a template literal without values, else undefined. */
function literalText(node) {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) {
    return node.quasis.map((q) => q.value.cooked ?? '').join('');
  }
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const noLiteralString = {
  meta: {
    type: 'problem',
    docs: { description: 'No hard-coded visible text in a component (docs/languages.md).' },
    messages: {
      literal:
        'Visible text "{{text}}" is hard-coded: put it in the component\'s texts (useTexts).',
    },
    schema: [],
  },
  create(context) {
    const report = (node, text) =>
      context.report({ node, messageId: 'literal', data: { text: text.trim().slice(0, 40) } });
    return {
      JSXText(node) {
        if (hasLetter(node.value)) report(node, node.value);
      },
      JSXExpressionContainer(node) {
        if (node.parent?.type !== 'JSXElement' && node.parent?.type !== 'JSXFragment') return;
        const text = literalText(node.expression);
        if (text !== undefined && hasLetter(text)) report(node, text);
      },
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : undefined;
        if (!name || !ATTRIBUTES.has(name) || !node.value) return;
        const value =
          node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        const text = literalText(value);
        if (text !== undefined && hasLetter(text)) report(node, text);
      },
    };
  },
};

/** The project's own ESLint plugin: `peanut/no-literal-string`. */
export default { rules: { 'no-literal-string': noLiteralString } };
