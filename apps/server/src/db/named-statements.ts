import {
  type messages,
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

// Hot reads kept as named prepared statements on PGlite (docs/decisions/030-named-statements-on-pglite.md).
// PGlite runs in this process: every statement it parses, plans and answers is CPU the next request
// waits for. Its `query` sends a statement unnamed, in six calls, so each run parses and plans it
// again. A compiled statement (db/compiled-statement.ts) has the same text for every request of its
// shape: kept by name, it is parsed once and then run in one call that binds and executes it; and a
// statement whose best plan does not depend on its values is planned once too.

/**
 * How a kept statement is planned: `per-values` for each run's values, as an unnamed statement is
 * (PostgreSQL's own rule would switch a named one to a plan for any values after five runs, when
 * that plan's estimate looks no dearer, and a search's best plan depends on its words); `once` for
 * any values, kept and reused, for a statement that walks the same index whatever they are; `any`
 * for a statement that reads no table, whose plan is the same either way.
 */
export type TStatementPlan = 'per-values' | 'once' | 'any';

/** The `plan_cache_mode` a transaction plans under: PostgreSQL's own rule until a kept statement sets another. */
type TPlanMode = 'auto' | 'force_custom_plan' | 'force_generic_plan';

const planModeOf: Record<Exclude<TStatementPlan, 'any'>, TPlanMode> = {
  'per-values': 'force_custom_plan',
  once: 'force_generic_plan',
};

/**
 * The plan mode of one transaction. It is set for the transaction alone, so it goes with COMMIT or
 * ROLLBACK; within the transaction it is set back only before a statement not kept by name runs,
 * since an unnamed statement is planned under it too (docs/decisions/030-named-statements-on-pglite.md).
 */
type TTransactionPlan = { mode: TPlanMode };

/** The texts of the statements kept by name, as compiled statements register them. */
const textsKept = new Map<string, TStatementPlan>();

export const keepByName = (text: string, plan: TStatementPlan) => {
  textsKept.set(text, plan);
};

export const stopKeepingByName = (text: string) => {
  textsKept.delete(text);
};

/**
 * How many statements one PGlite keeps prepared; the one run least recently is closed first. A
 * list statement kept holds about 100 KB of PGlite's memory (its parsed form and plans, read from
 * `pg_backend_memory_contexts`), which PGlite's heap never gives back: a caller walking through
 * every filter and sort could otherwise hold 25 MB of it. A person's list uses a few shapes.
 */
const preparedMax = 32;

type TMessage = messages.BackendMessage;
type TPrepared = { name: string; parameterTypes: number[]; rowDescription: TMessage | undefined };

/** Sets the plan mode for the rest of the transaction: bound before a kept statement that needs another. */
const planMode = { name: 'cargodesk_plan_mode', text: `select set_config('plan_cache_mode', $1, true)` };

/** One PGlite's prepared statements, by text. */
class PreparedStatements {
  readonly #pglite: PGlite;
  readonly #byText = new Map<string, TPrepared>();
  #lastNumber = 0;
  #namesToClose: string[] = [];
  #isPlanModePrepared = false;
  readonly #mergedParsers = new Map<string, PGlite['parsers']>();

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  /** Runs `text` by name with `parameters`, in the transaction open on the PGlite. */
  run<T>(
    text: string,
    plan: TStatementPlan,
    parameters: unknown[],
    options: QueryOptions,
    transaction: TTransactionPlan,
  ) {
    return this.#pglite.runExclusive(async () => {
      const prepared = this.#byText.get(text) ?? (await this.#prepare(text));
      this.#byText.delete(text);
      this.#byText.set(text, prepared);
      const mode = plan === 'any' ? transaction.mode : planModeOf[plan];
      const isModeSet = mode !== transaction.mode;
      if (isModeSet && !this.#isPlanModePrepared) await this.#preparePlanMode();
      const values = parameters.map((parameter, place) =>
        this.#serialize(parameter, prepared.parameterTypes[place]),
      );
      const { serialize } = protocol;
      const closing = this.#namesToClose.map((name) => serialize.close({ type: 'S', name }));
      this.#namesToClose = [];
      const answer = await this.#pglite.execProtocol(
        Buffer.concat([
          ...closing,
          ...(isModeSet ? this.#setPlanMode(mode) : []),
          serialize.bind({ statement: prepared.name, values }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
      transaction.mode = mode;
      // The statement's own execute comes after the one that set the plan mode, if it was sent.
      const own = messagesOfExecute(answer.messages, isModeSet ? 1 : 0);
      const rowDescription = prepared.rowDescription ? [prepared.rowDescription] : [];
      return parse.parseResults([...rowDescription, ...own], this.#parsersWith(options.parsers), {
        ...(options.rowMode ? { rowMode: options.rowMode } : {}),
      })[0] as Results<T>;
    });
  }

  async #prepare(text: string): Promise<TPrepared> {
    const { serialize } = protocol;
    this.#lastNumber += 1;
    const name = `cargodesk_${this.#lastNumber}`;
    const described = await this.#pglite.execProtocol(
      Buffer.concat([
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    if (this.#byText.size >= preparedMax) {
      const [oldest] = this.#byText;
      if (oldest) {
        this.#byText.delete(oldest[0]);
        this.#namesToClose.push(oldest[1].name);
      }
    }
    return {
      name,
      parameterTypes: parse.parseDescribeStatementResults(described.messages),
      rowDescription: described.messages.find((message) => message.name === 'rowDescription'),
    };
  }

  async #preparePlanMode() {
    const { serialize } = protocol;
    await this.#pglite.execProtocol(Buffer.concat([serialize.parse(planMode), serialize.sync()]), {
      syncToFs: false,
    });
    this.#isPlanModePrepared = true;
  }

  #setPlanMode(mode: TPlanMode) {
    const { serialize } = protocol;
    return [serialize.bind({ statement: planMode.name, values: [mode] }), serialize.execute({})];
  }

  /** Sets PostgreSQL's own plan mode back, before a statement not kept by name runs in the transaction. */
  resetPlanMode(transaction: TTransactionPlan) {
    if (transaction.mode === 'auto') return Promise.resolve();
    return this.#pglite.runExclusive(async () => {
      const { serialize } = protocol;
      await this.#pglite.execProtocol(Buffer.concat([...this.#setPlanMode('auto'), serialize.sync()]), {
        syncToFs: false,
      });
      transaction.mode = 'auto';
    });
  }

  /**
   * PGlite's parsers with the caller's for some types, as PGlite's `query` merges them, but merged
   * once: PGlite copies its parsers (a few hundred types) into a new object for every statement,
   * which was a twentieth of a search's time. Only drizzle's session calls here, with its parsers
   * for the same few types (dates and intervals kept as text) on every statement, new functions
   * each time but always the same ones: the types they are for name the merge.
   */
  #parsersWith(own: QueryOptions['parsers']) {
    if (!own) return this.#pglite.parsers;
    const types = Object.keys(own).join();
    let merged = this.#mergedParsers.get(types);
    if (!merged) {
      merged = { ...this.#pglite.parsers, ...own };
      this.#mergedParsers.set(types, merged);
    }
    return merged;
  }

  /** A parameter as PGlite's `query` sends it: by the serializer of the type PostgreSQL expects. */
  #serialize(parameter: unknown, type: number | undefined) {
    if (parameter === null || parameter === undefined) return null;
    const serializer = type === undefined ? undefined : this.#pglite.serializers[type];
    return serializer ? serializer(parameter) : String(parameter);
  }
}

/** The messages of the `executed`th execute of an answer, counted from 0: its rows and how it completed. */
const messagesOfExecute = (answer: TMessage[], executed: number) => {
  const own: TMessage[] = [];
  let completed = 0;
  for (const message of answer) {
    if (completed === executed && (message.name === 'dataRow' || message.name === 'commandComplete'))
      own.push(message);
    if (message.name === 'commandComplete') completed += 1;
  }
  return own;
};

const preparedOf = new WeakMap<PGlite, PreparedStatements>();

/**
 * A transaction of `pglite` for drizzle's session, running the statements kept by name as its
 * prepared statements and every other statement as before.
 */
export const withNamedStatements = (transaction: Transaction, pglite: PGlite): Transaction => {
  let prepared = preparedOf.get(pglite);
  if (!prepared) {
    prepared = new PreparedStatements(pglite);
    preparedOf.set(pglite, prepared);
  }
  const statements = prepared;
  const plan: TTransactionPlan = { mode: 'auto' };
  const named = Object.create(transaction) as Transaction;
  named.query = async <T>(text: string, parameters: unknown[] = [], options: QueryOptions = {}) => {
    // As PGlite's own: a transaction once closed runs nothing more.
    if (transaction.closed) throw new Error('Transaction is closed');
    const statementPlan = textsKept.get(text);
    if (statementPlan) return statements.run<T>(text, statementPlan, parameters, options, plan);
    await statements.resetPlanMode(plan);
    return transaction.query<T>(text, parameters, options);
  };
  named.exec = async (text: string, options?: QueryOptions) => {
    if (transaction.closed) throw new Error('Transaction is closed');
    await statements.resetPlanMode(plan);
    return transaction.exec(text, options);
  };
  return named;
};
