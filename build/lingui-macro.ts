/**
 * Compiles Lingui's macros (`t`, `<Trans>`, `useLingui` from `@lingui/*\/macro`) in the app's sources, for the
 * build, the dev server and Vitest alike.
 *
 * Why our own plugin (issue 29, item 12): `@vitejs/plugin-react` 6 no longer runs Babel itself and points to
 * `@rolldown/plugin-babel`, whose every release requires Node ≥ 22.12, while the project runs on the Node 20
 * that `engines` accepts (npm warned EBADENGINE at every install). Babel is only needed for this one plugin,
 * so this runs `@babel/core` directly, and only on the files that import a macro (about half of `src/`):
 * the others are not parsed twice.
 */
import { transformAsync } from '@babel/core';
import type { Plugin } from 'vite';

const SOURCE = /[\\/]src[\\/][^?]*\.[jt]sx?(?:\?|$)/;
const MACRO_IMPORT = /from\s+['"]@lingui\/(?:core|react)\/macro['"]/;

export function linguiMacro(): Plugin {
  return {
    name: 'sg:lingui-macro',
    // Before React's and Vite's own transforms: the macros must be gone before TypeScript and JSX are.
    enforce: 'pre',
    transform: {
      // Filters that Rolldown applies before calling into JavaScript at all.
      filter: { id: SOURCE, code: MACRO_IMPORT },
      async handler(code, id) {
        const file = id.split('?')[0]!;
        const result = await transformAsync(code, {
          filename: file,
          babelrc: false,
          configFile: false,
          // Only parsed as TypeScript and JSX here; compiling them is left to Vite.
          parserOpts: { plugins: file.endsWith('x') ? ['typescript', 'jsx'] : ['typescript'] },
          plugins: ['@lingui/babel-plugin-lingui-macro'],
          sourceMaps: true,
        });
        if (!result?.code) return null;
        return { code: result.code, map: result.map ?? null };
      },
    },
  };
}
