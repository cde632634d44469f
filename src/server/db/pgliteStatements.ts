/**
 * Named prepared statements on PGlite, as node-postgres has them (prepared.ts). PGlite's `query`
 * parses and plans its text on every call (the unnamed statement) and crosses into its
 * WebAssembly Postgres five times (parse, describe, bind, describe, execute); drizzle's PGlite
 * driver ignores a prepared statement's name. A text registered here ({@link nameStatement}) is
 * parsed once per PGlite instance under its name, then each execution is one bind, describe,
 * execute and sync exchange. The sign-in's statements went from 2.5-3.2 ms to 1.6-1.8 ms each in
 * the server, from 1.4-1.9 ms to 0.2-0.4 ms replayed alone (docs/performance.md). Everything
 * else goes through PGlite's own `query` unchanged.
 *
 * The parsers of a result: PGlite merges a query's `parsers` option (drizzle passes one on every
 * query: its timestamps, dates and intervals stay text) into a copy of the instance's parsers
 * (318 of them once its array types are read) on every call, about 80 us a query. A prepared
 * query passes the same options object each time, so its merged parsers are made once.
 */
import type * as PgliteModule from '@electric-sql/pglite';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

/** A result's parsers by type OID, as PGlite keeps them. */
type Parsers = PGlite['parsers'];

/** PostgreSQL's SQLSTATE for a statement name that does not exist (invalid_sql_statement_name). */
const INVALID_STATEMENT_NAME = '26000';

/** Registered SQL texts and their statement names. */
const names = new Map<string, string>();

/**
 * Marks `text` to run as the named prepared statement `name` on every PGlite instance that
 * {@link enableNamedStatements} (one name per text: prepared.ts derives it from the text's hash).
 */
export function nameStatement(text: string, name: string): void {
  names.set(text, name);
}

/** What this module takes from PGlite's module: its protocol encoder and result parsers. */
export type PgliteProtocol = Pick<typeof PgliteModule, 'protocol' | 'parse'>;

/**
 * Makes `client.query` run the registered texts as named statements (parsed on first use, its
 * parameter types read then), under the same locks as PGlite's own `query` (so never inside
 * another caller's transaction), with the same value serializers, parsers and errors (a
 * PostgreSQL error is thrown as PGlite's `DatabaseError`, and the session is ready for the next
 * statement). A transaction's queries (`client.transaction`) are PGlite's own.
 */
export function enableNamedStatements(client: PGlite, { protocol, parse }: PgliteProtocol): void {
  const { serialize } = protocol;
  const plainQuery = client.query.bind(client);
  /** Parameter type OIDs of each statement parsed on this instance, by name. */
  const parameterTypes = new Map<string, number[]>();
  /** A prepared query's options, as parsed: its parsers merged into the instance's, once. */
  let parseOptions = new WeakMap<QueryOptions, { parsers: Parsers; options: QueryOptions }>();
  const refreshArrayTypes = client.refreshArrayTypes.bind(client);
  client.refreshArrayTypes = async () => {
    await refreshArrayTypes();
    parseOptions = new WeakMap();
  };
  const parsing = (options: QueryOptions | undefined) => {
    if (!options?.parsers) return { parsers: client.parsers, options };
    let merged = parseOptions.get(options);
    if (!merged) {
      const { parsers, ...rest } = options;
      merged = { parsers: { ...client.parsers, ...parsers }, options: rest };
      parseOptions.set(options, merged);
    }
    return merged;
  };

  const prepare = async (name: string, text: string): Promise<number[]> => {
    let types = parameterTypes.get(name);
    if (!types) {
      const { messages } = await client.execProtocol(
        Buffer.concat([
          serialize.parse({ name, text }),
          serialize.describe({ type: 'S', name }),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
      types = parse.parseDescribeStatementResults(messages);
      parameterTypes.set(name, types);
    }
    return types;
  };

  const execute = async <T>(
    name: string,
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    retried = false,
  ): Promise<Results<T>> => {
    const types = await prepare(name, text);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = options?.serializers?.[types[index]] ?? client.serializers[types[index]];
      return serializer ? serializer(value) : String(value);
    });
    const exchange = Buffer.concat([
      serialize.bind({ statement: name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]);
    let result: Awaited<ReturnType<PGlite['execProtocol']>>;
    try {
      result = await client.execProtocol(exchange);
    } catch (error) {
      // Dropped by a DEALLOCATE or DISCARD: parsed again, once.
      if (retried || (error as { code?: unknown }).code !== INVALID_STATEMENT_NAME) throw error;
      parameterTypes.delete(name);
      return execute<T>(name, text, params, options, true);
    }
    const parsed = parsing(options);
    return parse.parseResults(result.messages, parsed.parsers, parsed.options)[0] as Results<T>;
  };

  client.query = (<T>(text: string, params?: unknown[], options?: QueryOptions) => {
    const name = names.get(text);
    if (name === undefined || options?.blob) return plainQuery<T>(text, params, options);
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => execute<T>(name, text, params ?? [], options)),
    );
  }) as PGlite['query'];
}
