// The parser import-x reads imported files with (`import-x/parsers` in eslint.config.js, decision
// 058). import-x/no-cycle parses every file it follows a second time, beside ESLint's own parse:
// through @typescript-eslint/parser that second parse also built a scope analysis that import-x
// never reads. This gives import-x the same TypeScript ESTree (the parser's own
// typescript-estree and visitor keys), without it.
// CommonJS, since import-x loads a parser with require().
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createRequire } = require('node:module');

const fromParser = createRequire(require.resolve('@typescript-eslint/parser'));
const { parse } = fromParser('@typescript-eslint/typescript-estree');
const { visitorKeys } = fromParser('@typescript-eslint/visitor-keys');

module.exports = { parse, VisitorKeys: visitorKeys };
