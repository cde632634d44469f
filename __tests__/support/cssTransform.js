/** Jest transform: a `.css` import is the stylesheet's text, as webpack's `asset/source` makes it. */
module.exports = {
  process(sourceText) {
    return { code: `module.exports = ${JSON.stringify(sourceText)};` };
  },
};
