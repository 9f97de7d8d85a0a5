import type { FastifyBaseLogger } from "fastify";
import { TableeError } from "../../shared/protocol";
import { loggableError } from "../db/loggable";
import { isDatabaseUnavailable, OutageLog } from "../db/outage";
import { DuplicateMoveIdError, StaleWriteError } from "./store";
import { UncertainWriteError } from "./readBack";

/**
 * Database failures become UNAVAILABLE for the client; the details go to the log only, an outage as
 * a few summary lines (`outages`) rather than one line per refused request.
 */
export class DatabaseGuard {
  /** Database outages, logged as a few lines (shared with the HTTP routes and the drivers). */
  readonly outages: OutageLog;

  constructor(
    private readonly log: FastifyBaseLogger,
    /** A write whose answer was lost and read back (readBack.ts): the room's copy is no longer to be trusted. */
    private readonly doubted: (roomId: string) => void = () => {},
  ) {
    this.outages = new OutageLog(log);
  }

  /** Runs `work`; a database failure becomes UNAVAILABLE. `roomId` names the room in the log line. */
  run<T>(work: () => Promise<T>, roomId?: string): Promise<T> {
    let pending: Promise<T>;
    const startedAt = this.outages.startedAt();
    try {
      pending = work();
    } catch (error) {
      return Promise.reject(this.unavailable(error, roomId));
    }
    return pending.then(
      (result) => {
        this.outages.succeeded(startedAt);
        return result;
      },
      (error: unknown) => Promise.reject(this.unavailable(error, roomId)),
    );
  }

  /**
   * What a database failure becomes for the caller (our own refusals pass as they are). The line
   * says which room and which codes, never the driver's text: it quotes the rows it was sent.
   */
  private unavailable(error: unknown, roomId: string | undefined): unknown {
    if (error instanceof StaleWriteError || error instanceof TableeError || error instanceof DuplicateMoveIdError) return error;
    if (isDatabaseUnavailable(error)) this.outages.failed(error);
    else this.log.error({ roomId, error: loggableError(error) }, "database operation failed");
    if (error instanceof UncertainWriteError) return this.inDoubt(error);
    return new TableeError("UNAVAILABLE", "the service is temporarily unavailable; nothing was changed");
  }

  /** Not landed is a plain UNAVAILABLE, not known yet is IN_DOUBT; the room's copy is dropped either way. */
  private inDoubt(error: UncertainWriteError): TableeError {
    this.doubted(error.roomId);
    if (error.outcome === "not landed") return new TableeError("UNAVAILABLE", "the service is temporarily unavailable; nothing was changed");
    return new TableeError("IN_DOUBT", "the database did not confirm whether this was done; a move may be sent again under the same move id, anything else only once the room shows it was not");
  }
}
