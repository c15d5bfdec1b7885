/** Chat markdown (its own entry point, `@parley/common/markdown`, so the parser never reaches /auth's download). */
export { parseMarkdown, safeHref, type Token, type Tokens } from './parse.ts';
export { markdownToPlain } from './plain.ts';
