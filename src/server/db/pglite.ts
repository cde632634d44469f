/**
 * Loads PGlite with Node's own `require`. PGlite's CommonJS build imports Node built-ins with
 * dynamic `import()`, which Jest's module sandbox cannot run (it needs
 * `--experimental-vm-modules`); loading PGlite natively keeps it outside that sandbox, so every
 * Jest test (server, SDK, CLI) can start the server on PGlite with no flag. Outside Jest this is
 * the same as a plain import.
 */
import NodeModule from 'node:module';
import type * as PgliteModule from '@electric-sql/pglite';
import type * as NodeFsModule from '@electric-sql/pglite/nodefs';

/** The PGlite classes and helpers the database layer uses. */
export interface PgliteClasses {
  PGlite: typeof PgliteModule.PGlite;
  NodeFS: typeof NodeFsModule.NodeFS;
  /** Its wire-protocol encoder and result parsers (pgliteStatements.ts). */
  protocol: typeof PgliteModule.protocol;
  parse: typeof PgliteModule.parse;
}

let classes: PgliteClasses | undefined;

/**
 * Node's own `createRequire`. Under Jest, `node:module` is a subclass of Node's Module whose
 * `createRequire` loads into Jest's sandbox; the class it extends still has Node's own.
 */
function nativeCreateRequire(): typeof NodeModule.createRequire {
  const base: unknown = Object.getPrototypeOf(NodeModule);
  const baseCreateRequire: unknown =
    typeof base === 'function' && Object.hasOwn(base, 'createRequire')
      ? (base as typeof NodeModule).createRequire
      : undefined;
  return typeof baseCreateRequire === 'function'
    ? (baseCreateRequire as typeof NodeModule.createRequire)
    : NodeModule.createRequire;
}

/** Returns PGlite and its Node filesystem, loaded once with Node's native `require`. */
export function loadPglite(): PgliteClasses {
  if (!classes) {
    const nativeRequire = nativeCreateRequire()(__filename);
    const { PGlite, protocol, parse } = nativeRequire(
      '@electric-sql/pglite',
    ) as typeof PgliteModule;
    const { NodeFS } = nativeRequire('@electric-sql/pglite/nodefs') as typeof NodeFsModule;
    classes = { PGlite, NodeFS, protocol, parse };
  }
  return classes;
}
