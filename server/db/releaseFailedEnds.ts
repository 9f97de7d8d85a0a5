import type { PrismaPg } from "@prisma/adapter-pg";

type Adapter = Awaited<ReturnType<PrismaPg["connect"]>>;
type Transaction = Awaited<ReturnType<Adapter["startTransaction"]>>;
type Query = Parameters<Transaction["executeRaw"]>[0];

/** What a transaction of @prisma/adapter-pg 6.19 holds: its pool connection, and the listener to drop with it. */
interface HeldConnection {
  readonly client?: { release(destroy?: Error | boolean): void };
  readonly cleanup?: () => void;
}

const ENDS = /^\s*(COMMIT|ROLLBACK)\s*$/iu;

/**
 * Prisma 6.19 ends an interactive transaction by sending COMMIT or ROLLBACK as a query, and only
 * then calls the adapter's commit() or rollback(), which gives the connection back to the pool
 * (client-engine-runtime's TransactionManager #closeTransaction). When that query fails — its
 * connection froze and the query timed out — the second call never comes: the connection stays
 * checked out for good, the pool is one short until the process ends, and its end() waits for it
 * for ever (likely why the in-doubt test's close once hung for minutes). Wrapped here: a COMMIT or ROLLBACK
 * that fails destroys its connection (pg drops it from the pool) and the later commit()/rollback()
 * does nothing. If a new version holds its connection differently, nothing is changed (and
 * test/integration/transaction-release.test.ts fails).
 */
export function releaseFailedEnds(factory: PrismaPg): PrismaPg {
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    const start = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (isolationLevel) => {
      const transaction = await start(isolationLevel);
      const executeRaw = transaction.executeRaw.bind(transaction);
      transaction.executeRaw = async (query: Query) => {
        try {
          return await executeRaw(query);
        } catch (error) {
          if (ENDS.test(query.sql)) destroyConnection(transaction, error);
          throw error;
        }
      };
      return transaction;
    };
    return adapter;
  };
  return factory;
}

function destroyConnection(transaction: Transaction, error: unknown): void {
  const held = transaction as unknown as HeldConnection;
  if (typeof held.client?.release !== "function") return;
  held.cleanup?.();
  held.client.release(error instanceof Error ? error : true);
  const nothing = async (): Promise<void> => undefined;
  transaction.commit = nothing;
  transaction.rollback = nothing;
}
