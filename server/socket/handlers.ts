import type { FastifyBaseLogger } from "fastify";
import {
  CHAT_HISTORY,
  clientPayloadSchemas,
  TableeError,
  type ChatMessage,
  type ClientEventName,
  type ParsedClientPayload,
  type RoomSnapshot,
  type WireError,
} from "../../shared/protocol";
import type { RoomService } from "../rooms/service";
import type { Attendance } from "../rooms/publicRoom";
import { answerDirectly, emitPush } from "./directFrame";
import { buildPush, buildSnapshot, seatsOfViewer, sentOf, SnapshotParts } from "../rooms/snapshot";
import { hashToken } from "../rooms/tokens";
import { DEFAULT_EVENT_LIMITS, EventLimiter, type EventLimits } from "./eventLimiter";
import { Presence } from "./presence";
import type { SharedPresence } from "../cluster/sharedPresence";
import { tableChatAuthor } from "../chat/author";
import { ChatLimits } from "../chat/chatLimits";
import { isDatabaseUnavailable } from "../db/outage";
import { loggableError } from "../db/loggable";
import { UncertainWriteError } from "../rooms/readBack";
import type { ChatStore } from "../chat/store";
import { awayMarked, isCreator, type RoomRecord } from "../rooms/record";
import { mayStartRematch } from "../rooms/rematch";
import { tableOf } from "../rooms/table";
import type { TableeServer, TableeSocket } from "./socketTypes";
import { noMetrics, type Metrics } from "../metrics/metrics";
import { Answering } from "./closing";
import { eventArguments, type AckFn } from "./eventArguments";

/**
 * The socket.io room of everyone watching a room of one table (the games "play again" started):
 * chat messages go to it, across processes too, since the chat belongs to the table.
 */
const channelOf = (tableId: string): string => `table:${tableId}`;

const latest = (seen: Date, expectedSince: number | undefined): Date =>
  expectedSince !== undefined && expectedSince > seen.getTime() ? new Date(expectedSince) : seen;

/** What the socket layer is given besides the room service (defaults: the real clock, default limits, one process, no metrics). */
export interface SocketHandlerOptions {
  readonly clock?: () => Date;
  readonly eventLimits?: EventLimits;
  readonly shared?: SharedPresence | null;
  readonly metrics?: Pick<Metrics, "rateLimited">;
  /**
   * A socket signed in at its handshake claimed a seat: its profile keeps it at once (its devices need
   * not say so), if that session still signs in as someone (the caller checks, from the socket's session).
   */
  readonly seatClaimed?: (socket: TableeSocket, roomId: string, seatToken: string) => void;
}

/**
 * Wires socket events to the room service: parse with zod, act, answer through the ack. With several
 * processes, `shared` says which seats are connected through the others. Returns `refresh`, which
 * pushes a room's snapshot again to this process's sockets (when presence changed elsewhere),
 * `connectedSeats`, the seats with a socket here or (as last reported) on another process, and
 * `answering`, the events each socket has received and not answered yet (a graceful shutdown closes a
 * socket only once it has answered them all, see closing.ts) and `roomsRemembered`, how many rooms
 * the socket layer holds anything for (a bound that tests watch).
 */
export function attachSocketHandlers(
  io: TableeServer,
  rooms: RoomService,
  chat: ChatStore,
  log: FastifyBaseLogger,
  { clock = () => new Date(), eventLimits = DEFAULT_EVENT_LIMITS, shared = null, metrics = noMetrics, seatClaimed }: SocketHandlerOptions = {},
): { refresh(roomId: string): void; connectedSeats(room: RoomRecord): ReadonlySet<number>; readonly answering: Answering; roomsRemembered(): number } {
  const presence = new Presence<TableeSocket>(clock());
  rooms.watchedBy({ watches: (roomId) => presence.count(roomId) > 0, rooms: () => presence.watchedRooms() }); // news of a room let go of is read again
  const limiter = new EventLimiter(eventLimits);
  const chatLimits = new ChatLimits();

  /** Whether a socket of this process watches the room with the creator's token. */
  const creatorConnected = (room: RoomRecord): boolean => {
    for (const socket of presence.sockets(room.id)) if (isCreator(room, socket.data.watch?.creatorTokenHash ?? null)) return true;
    return false;
  };

  /** The table's chat history for a (re)watch; a database hiccup costs the history, not the watch. */
  const chatHistory = async (roomId: string, tableId: string): Promise<ChatMessage[]> => {
    try {
      return await chat.recent(tableId, CHAT_HISTORY);
    } catch (error) {
      if (isDatabaseUnavailable(error)) rooms.outages.failed(error);
      else log.warn({ err: error, roomId }, "chat history unavailable");
      return [];
    }
  };

  const heldSeats = (room: RoomRecord, socket: TableeSocket): number[] =>
    socket.data.watch ? seatsOfViewer(room, socket.data.watch).filter((s): s is number => s !== null) : [];

  /** Seats held by a socket connected to this process. */
  const localSeats = (room: RoomRecord): Set<number> => {
    const local = new Set<number>();
    for (const socket of presence.sockets(room.id)) {
      if (!socket.data.watch) continue;
      for (const seat of seatsOfViewer(room, socket.data.watch)) if (seat !== null) local.add(seat);
    }
    return local;
  };

  const attendanceOf = (room: RoomRecord): Attendance => {
    const local = localSeats(room);
    shared?.report(room.id, local);
    const connected = shared ? new Set([...local, ...shared.elsewhere(room.id)]) : local;
    presence.touch(room.id, connected, clock());
    // Away since the seat was last seen, or since it could first have been connected (its claim, the
    // start) if that is later: a seat never seen by this process does not count from the process start.
    return { connected, disconnectedSince: (seat) => latest(presence.lastConnected(room.id, seat), room.seats[seat]?.expectedSince) };
  };

  /** Per room watched here, the parts of its last broadcast (one change's views, for the next push's deltas). */
  const lastParts = new Map<string, SnapshotParts>();
  const broadcast = (room: RoomRecord) => {
    if (!presence.noteBroadcast(room.id, room.status, room.version)) return;
    const game = rooms.findGame(room.gameId);
    if (!game) return;
    const attendance = attendanceOf(room);
    // The views of the change before: sockets that hold them get this change's views as what changed.
    const parts = new SnapshotParts(room, game, lastParts.get(room.id) ?? null);
    const now = clock().getTime();
    for (const socket of presence.sockets(room.id)) {
      if (!socket.data.watch) continue;
      const answering = socket.data.answering;
      if (answering) {
        answering.skippedVersion = Math.max(answering.skippedVersion, room.version);
        continue;
      }
      const { push, sent } = buildPush(room, game, socket.data.watch, attendance, parts, now, socket.data.sent);
      emitPush(socket, push);
      socket.data.sent = sent;
    }
    parts.keepForNextChange();
    if (presence.count(room.id) > 0) lastParts.set(room.id, parts);
    else lastParts.delete(room.id);
    presence.releaseUnwatched(room.id);
  };
  rooms.onChange(broadcast);
  rooms.onRemoteChange(broadcast);

  const refresh = async (roomId: string) => {
    // Unwatched here: only a room held here (in play) has presence to share; a lobby is not read for it.
    if (presence.count(roomId) === 0 && (!shared || !rooms.holds(roomId))) return;
    try {
      broadcast(await rooms.get(roomId));
    } catch (error) {
      log.debug({ err: error, roomId }, "presence refresh skipped");
    }
  };

  const handlers: { [E in ClientEventName]: (socket: TableeSocket, payload: ParsedClientPayload<E>) => Promise<object> } = {
    "room:watch": async (socket, payload) => {
      let room = await rooms.get(payload.roomId);
      const watch = {
        roomId: room.id,
        tableId: tableOf(room),
        seatTokenHashes: payload.seatTokens.map(hashToken),
        creatorTokenHash: payload.creatorToken ? hashToken(payload.creatorToken) : null,
      };
      // The copy here may be behind another process's writes (messages between processes lost): the
      // page has seen a newer version, or holds a token the copy does not know (it would forget it).
      // With the database away too, the copy answers, but never calls a token seatless (the page would forget it).
      if ((payload.knownVersion ?? 0) > room.version || seatsOfViewer(room, watch).includes(null)) {
        const copy = room;
        const unsure = new TableeError("UNAVAILABLE", "this room's seats cannot be checked now; nothing changed");
        room = await rooms.confirmed(room.id).catch(() => (seatsOfViewer(copy, watch).includes(null) ? Promise.reject(unsure) : copy));
      }
      // Closed while the room was read: its `disconnect` left no watch, and one registered now would stay.
      if (!socket.connected) throw new TableeError("BAD_REQUEST", "the connection closed while the room was read");
      const game = rooms.findGame(room.gameId);
      if (!game) throw new TableeError("UNKNOWN_GAME", "no such game");
      const previous = socket.data.watch;
      if (previous && previous.roomId !== room.id) leave(socket);
      socket.data.sent = null; // a (re)watch gets everything: the client may have missed pushes
      socket.data.watch = watch;
      // The answer is this socket's snapshot: the pushes its own arrival sets off leave it out.
      const answering = { skippedVersion: 0 };
      socket.data.answering = answering;
      let snapshot: RoomSnapshot;
      try {
        presence.add(room.id, socket);
        void socket.join(channelOf(tableOf(room)));
        const mine = heldSeats(room, socket);
        if (mine.some((seat) => awayMarked(room.seats[seat]))) {
          await rooms.reclaim(room.id, mine); // back from absence: the stand-in leaves, missed turns reset (broadcasts)
          room = await rooms.get(room.id);
        } else {
          broadcast(room); // others see this seat come online
        }
        snapshot = buildSnapshot(room, game, watch, attendanceOf(room), undefined, clock().getTime());
        // A push left out is not newer than the room read after it (reads wait behind changes); if so, read again.
        for (let tries = 0; answering.skippedVersion > snapshot.room.version && tries < 3; tries++) {
          room = await rooms.get(room.id);
          snapshot = buildSnapshot(room, game, watch, attendanceOf(room), undefined, clock().getTime());
        }
      } catch (error) {
        if (socket.data.watch === watch) leave(socket); // unanswered, not watching (unless a later watch took over)
        throw error;
      } finally {
        socket.data.answering = null;
      }
      // Pushes from here on build on this answer (or are whole, if it is older than one left out).
      socket.data.sent = answering.skippedVersion <= snapshot.room.version ? sentOf(snapshot) : null;
      // The table's chat history follows the answer: a read the room's first screen does not wait for.
      void chatHistory(room.id, tableOf(room)).then((messages) => {
        if (socket.data.watch?.roomId === room.id) socket.emit("chat:history", { roomId: room.id, messages });
      });
      return { snapshot };
    },
    "seat:claim": async (socket, payload) => {
      const claimed = await rooms.claimSeat(payload.roomId, payload.seat, payload.nickname, payload.seatToken);
      if (socket.data.profileId) seatClaimed?.(socket, payload.roomId, claimed.seatToken);
      const watch = socket.data.watch;
      if (watch && watch.roomId === payload.roomId) {
        socket.data.watch = { ...watch, seatTokenHashes: [...new Set([...watch.seatTokenHashes, hashToken(claimed.seatToken)])] };
        await refresh(payload.roomId);
      }
      return claimed;
    },
    "seat:configure": async (_socket, payload) => {
      await rooms.configureSeat(payload.roomId, payload.creatorToken, payload.seat, payload.kind, payload.bot);
      return {};
    },
    "seat:takeover": async (_socket, payload) => {
      await rooms.takeOver(payload.roomId, payload.seatToken, payload.seat, payload.bot, (room) => {
        const attendance = attendanceOf(room);
        if (attendance.connected.has(payload.seat)) return false;
        const since = attendance.disconnectedSince(payload.seat);
        return since !== null && clock().getTime() - since.getTime() >= room.settings.takeoverAfterMs;
      });
      return {};
    },
    "room:settings": async (_socket, payload) => {
      const { roomId, token, ...changes } = payload;
      const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      await rooms.updateSettings(roomId, token, defined);
      return {};
    },
    "game:start": async (_socket, payload) => {
      await rooms.start(payload.roomId, payload.creatorToken);
      return {};
    },
    "game:pause": async (_socket, payload) => {
      await rooms.pause(payload.roomId, payload.creatorToken);
      return {};
    },
    "game:resume": async (_socket, payload) => {
      await rooms.resume(payload.roomId, payload.token);
      return {};
    },
    "game:move": (_socket, payload) => rooms.move(payload.roomId, payload.seat, payload.seatToken, payload.move, payload.moveId, payload.chosenAt), // no async frame of its own: see RoomService.move
    "chat:send": async (socket, payload) => {
      const watch = socket.data.watch;
      if (!watch || watch.roomId !== payload.roomId) throw new TableeError("NOT_WATCHING", "watch the room before writing in its chat");
      const deadline = rooms.deadline(); // one for the message: the room's load and its insert
      const room = await rooms.get(payload.roomId, deadline);
      const author = await tableChatAuthor(room, watch, payload, (id) => rooms.get(id, deadline));
      const tableId = tableOf(room);
      const giveBack = await chatLimits.take(socket.id, tableId, socket.handshake.address);
      const draft = { ...author, text: payload.text ?? null, phrase: payload.phrase ?? null };
      let stored: Awaited<ReturnType<ChatStore["append"]>>;
      try {
        stored = await chat.append({ roomId: room.id, tableId }, draft, payload.clientId ?? null, deadline);
      } catch (error) {
        giveBack();
        if (isDatabaseUnavailable(error)) rooms.outages.failed(error); // an outage is summarised, not logged per message
        else log.error({ roomId: room.id, error: loggableError(error) }, "chat message not stored"); // codes only: the driver's text quotes the message
        // Its answer lost and the database unable to say whether it was stored: resend it under its client id.
        if (error instanceof UncertainWriteError && error.outcome === "unknown") throw new TableeError("IN_DOUBT", "the database did not confirm whether the message was stored; send it again with the same client id");
        throw new TableeError("UNAVAILABLE", "the message could not be stored; try again");
      }
      const message = stored.message;
      if (stored.resent) giveBack();
      // A resend (same clientId) is answered with what was stored, once it is the same author's.
      if (stored.resent && (stored.draft.seat !== draft.seat || stored.draft.nickname !== draft.nickname)) {
        throw new TableeError("BAD_REQUEST", "that client id belongs to another message");
      }
      // Acknowledged once stored; every watcher of the table (on every process) gets it, the sender included.
      io.to(channelOf(tableId)).emit("chat:message", message);
      return { message };
    },
    "game:rematch": async (_socket, payload) =>
      rooms.rematch(payload.roomId, payload.token, (room, asker) => mayStartRematch(room, asker, creatorConnected(room), attendanceOf(room).connected)),
  };

  const leave = (socket: TableeSocket) => {
    const watch = socket.data.watch;
    if (!watch) return;
    presence.remove(watch.roomId, socket.id);
    if (presence.count(watch.roomId) === 0) lastParts.delete(watch.roomId);
    presence.releaseUnwatched(watch.roomId);
    void socket.leave(channelOf(watch.tableId));
    socket.data.watch = null;
    void refresh(watch.roomId);
  };

  io.on("connection", (socket) => {
    socket.data.watch = null;
    socket.data.sent = null;
    socket.data.answering = null;
    answerDirectly(socket);
    // One listener per socket for every event, not one per event name (thousands of sockets' closures).
    socket.onAny((event: string, ...args: unknown[]) => {
      const { payloads, ack } = eventArguments(args);
      const known = Object.hasOwn(handlers, event);
      if (known && payloads.length <= 1) return void handle(socket, event as ClientEventName, payloads[0], ack);
      if (limiter.allow(socket.id, clock().getTime()) === "abusive") cutOff(socket);
      const error: WireError = { code: "BAD_REQUEST", message: known ? `${event}: one payload at most, then the acknowledgement` : `unknown event ${JSON.stringify(String(event)).slice(0, 40)}` };
      return ack ? ack({ ok: false, error }) : void socket.emit("server:error", error);
    });
    socket.on("disconnect", () => {
      limiter.forget(socket.id);
      chatLimits.forget(socket.id);
      leave(socket);
    });
  });

  // Events already on their way keep arriving after the cut-off decision: say it (and log it) once.
  const cutOffSockets = new WeakSet<TableeSocket>();
  const cutOff = (socket: TableeSocket) => {
    if (cutOffSockets.has(socket)) return;
    cutOffSockets.add(socket);
    log.warn({ socket: socket.id, address: socket.handshake.address }, "socket cut off for flooding");
    socket.emit("server:error", { code: "RATE_LIMITED", message: "disconnected for sending too many events" });
    socket.disconnect(true);
  };

  /** Events received and not answered yet, per socket: a graceful shutdown waits for them (closing.ts). */
  const answering = new Answering();
  const handle = async (socket: TableeSocket, name: ClientEventName, payload: unknown, ack: unknown) => {
    const verdict = limiter.allow(socket.id, clock().getTime());
    if (verdict !== "ok") {
      metrics.rateLimited("socket", verdict);
      const error: WireError = { code: "RATE_LIMITED", message: "too many events; slow down" };
      if (typeof ack === "function") (ack as AckFn)({ ok: false, error });
      else if (verdict !== "abusive") socket.emit("server:error", error);
      if (verdict === "abusive") cutOff(socket);
      return;
    }
    const reply: AckFn =
      typeof ack === "function"
        ? (ack as AckFn)
        : (response) => {
            const failed = response as { ok: boolean; error?: WireError };
            if (!failed.ok && failed.error) socket.emit("server:error", failed.error);
          };
    const parsed = clientPayloadSchemas[name].safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.join(".") ?? "";
      reply({ ok: false, error: { code: "BAD_REQUEST", message: `bad ${name} payload${where ? ` at ${where}` : ""}: ${issue?.message ?? "invalid"}` } });
      return;
    }
    // Refusals above are answered in this tick; from here the answer may take a while.
    answering.begin(socket);
    try {
      const handler = handlers[name] as (socket: TableeSocket, payload: unknown) => Promise<object>;
      reply({ ok: true, ...(await handler(socket, parsed.data)) });
    } catch (error) {
      if (error instanceof TableeError) {
        reply({ ok: false, error: error.toWire() });
      } else {
        // The error's class, codes and frames only: a driver's message quotes what it was sent (rooms, nicknames).
        log.error({ event: name, error: loggableError(error) }, "unexpected error in socket handler");
        reply({ ok: false, error: { code: "INTERNAL", message: "something went wrong on the server" } });
      }
    } finally {
      answering.end(socket);
    }
  };

  return {
    refresh: (roomId) => void (presence.count(roomId) > 0 ? refresh(roomId) : undefined),
    connectedSeats: (room) => (shared ? new Set([...localSeats(room), ...shared.elsewhere(room.id)]) : localSeats(room)),
    answering,
    roomsRemembered: () => presence.roomsRemembered(),
  };
}
