import type { FastifyBaseLogger } from "fastify";
import type { Server, Socket } from "socket.io";
import {
  clientPayloadSchemas,
  TableeError,
  type ClientEventName,
  type ClientToServerEvents,
  type ParsedClientPayload,
  type ServerToClientEvents,
  type WireError,
} from "../../shared/protocol";
import type { RoomRecord } from "../rooms/record";
import type { RoomService } from "../rooms/service";
import { buildSnapshot, seatsOfViewer, SnapshotParts, type Attendance, type Viewer } from "../rooms/snapshot";
import { hashToken } from "../rooms/tokens";
import { DEFAULT_EVENT_LIMITS, EventLimiter, type EventLimits } from "./eventLimiter";
import { Presence } from "./presence";
import type { InterServerEvents } from "../cluster/events";
import type { SharedPresence } from "../cluster/sharedPresence";

/** What the server remembers about a socket: the one room it watches and the tokens it showed. */
export interface SocketData {
  watch: ({ roomId: string } & Viewer) | null;
  /** The newest move whose log entry this socket has been sent (pushes carry only newer entries). */
  logSentUpTo: number;
}

export type TableeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type TableeSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type AckFn = (response: unknown) => void;

/**
 * Wires socket events to the room service: parse with zod, act, answer through the ack. With several
 * processes, `shared` says which seats are connected through the others. Returns `refresh`, which
 * pushes a room's snapshot again to this process's sockets (when presence changed elsewhere).
 */
export function attachSocketHandlers(
  io: TableeServer,
  rooms: RoomService,
  log: FastifyBaseLogger,
  clock: () => Date = () => new Date(),
  eventLimits: EventLimits = DEFAULT_EVENT_LIMITS,
  shared: SharedPresence | null = null,
): { refresh(roomId: string): void } {
  const presence = new Presence<TableeSocket>(clock());
  const limiter = new EventLimiter(eventLimits);

  const heldSeats = (room: RoomRecord, socket: TableeSocket): number[] =>
    socket.data.watch ? seatsOfViewer(room, socket.data.watch).filter((s): s is number => s !== null) : [];

  const attendanceOf = (room: RoomRecord): Attendance => {
    const local = new Set<number>();
    for (const socket of presence.sockets(room.id)) for (const seat of heldSeats(room, socket)) local.add(seat);
    shared?.report(room.id, local);
    const connected = shared ? new Set([...local, ...shared.elsewhere(room.id)]) : local;
    presence.touch(room.id, connected, clock());
    return { connected, disconnectedSince: (seat) => presence.lastConnected(room.id, seat) };
  };

  const lastSent = new Map<string, { status: string; version: number }>();
  const broadcast = (room: RoomRecord) => {
    const last = lastSent.get(room.id);
    // Several processes: a change committed here may be announced after a later one from elsewhere.
    if (last && room.version < last.version) return;
    if (last?.status === "waiting" && room.status !== "waiting") presence.forgetSeats(room.id);
    lastSent.set(room.id, { status: room.status, version: room.version });
    const game = rooms.findGame(room.gameId);
    if (!game) return;
    const attendance = attendanceOf(room);
    const parts = new SnapshotParts(room, game);
    const now = clock().getTime();
    for (const socket of presence.sockets(room.id)) {
      if (!socket.data.watch) continue;
      socket.emit("room:snapshot", buildSnapshot(room, game, socket.data.watch, attendance, parts, now, socket.data.logSentUpTo));
      socket.data.logSentUpTo = room.moveNumber;
    }
  };
  rooms.onChange(broadcast);
  rooms.onRemoteChange(broadcast);

  const refresh = async (roomId: string) => {
    if (presence.sockets(roomId).length === 0 && !shared) return;
    try {
      broadcast(await rooms.get(roomId));
    } catch (error) {
      log.debug({ err: error, roomId }, "presence refresh skipped");
    }
  };

  const handlers: { [E in ClientEventName]: (socket: TableeSocket, payload: ParsedClientPayload<E>) => Promise<object> } = {
    "room:watch": async (socket, payload) => {
      let room = await rooms.get(payload.roomId);
      const previous = socket.data.watch;
      if (previous && previous.roomId !== room.id) leave(socket);
      socket.data.logSentUpTo = 0; // a (re)watch gets the whole tail: the client may have missed pushes
      socket.data.watch = {
        roomId: room.id,
        seatTokenHashes: payload.seatTokens.map(hashToken),
        creatorTokenHash: payload.creatorToken ? hashToken(payload.creatorToken) : null,
      };
      presence.add(room.id, socket);
      const mine = heldSeats(room, socket);
      if (mine.some((seat) => room.seats[seat]?.standIn)) {
        await rooms.reclaim(room.id, mine); // back from absence: the stand-in computer leaves (broadcasts)
        room = await rooms.get(room.id);
      } else {
        broadcast(room); // others see this seat come online; this socket gets its snapshot too
      }
      const game = rooms.findGame(room.gameId);
      if (!game) throw new TableeError("UNKNOWN_GAME", "no such game");
      socket.data.logSentUpTo = room.moveNumber;
      return { snapshot: buildSnapshot(room, game, socket.data.watch, attendanceOf(room), undefined, clock().getTime()) };
    },
    "seat:claim": async (socket, payload) => {
      const claimed = await rooms.claimSeat(payload.roomId, payload.seat, payload.nickname);
      const watch = socket.data.watch;
      if (watch && watch.roomId === payload.roomId) {
        socket.data.watch = { ...watch, seatTokenHashes: [...watch.seatTokenHashes, hashToken(claimed.seatToken)] };
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
      const { botSpeed, hints } = payload;
      await rooms.updateSettings(payload.roomId, payload.token, { ...(botSpeed ? { botSpeed } : {}), ...(hints !== undefined ? { hints } : {}) });
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
    "game:move": async (_socket, payload) => rooms.move(payload.roomId, payload.seat, payload.seatToken, payload.move),
  };

  const leave = (socket: TableeSocket) => {
    const watch = socket.data.watch;
    if (!watch) return;
    presence.remove(watch.roomId, socket.id);
    socket.data.watch = null;
    void refresh(watch.roomId);
  };

  io.on("connection", (socket) => {
    socket.data.watch = null;
    socket.data.logSentUpTo = 0;
    socket.onAny((event: string, ...args: unknown[]) => {
      if (Object.hasOwn(handlers, event)) return;
      void limiter.allow(socket.id, clock().getTime()).then((verdict) => {
        if (verdict === "abusive") socket.disconnect(true);
      });
      const error: WireError = { code: "BAD_REQUEST", message: `unknown event ${JSON.stringify(String(event)).slice(0, 40)}` };
      const ack = args.at(-1);
      if (typeof ack === "function") (ack as AckFn)({ ok: false, error });
      else socket.emit("server:error", error);
    });
    for (const name of Object.keys(handlers) as ClientEventName[]) {
      socket.on(name, (payload: unknown, ack: unknown) => {
        void handle(socket, name, payload, ack);
      });
    }
    socket.on("disconnect", () => {
      limiter.forget(socket.id);
      leave(socket);
    });
  });

  const handle = async (socket: TableeSocket, name: ClientEventName, payload: unknown, ack: unknown) => {
    const verdict = await limiter.allow(socket.id, clock().getTime());
    if (verdict !== "ok") {
      const error: WireError = { code: "RATE_LIMITED", message: "too many events; slow down" };
      if (typeof ack === "function") (ack as AckFn)({ ok: false, error });
      if (verdict === "abusive") {
        log.warn({ socket: socket.id, address: socket.handshake.address }, "socket cut off for flooding");
        socket.emit("server:error", { code: "RATE_LIMITED", message: "disconnected for sending too many events" });
        socket.disconnect(true);
      }
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
    try {
      const handler = handlers[name] as (socket: TableeSocket, payload: unknown) => Promise<object>;
      reply({ ok: true, ...(await handler(socket, parsed.data)) });
    } catch (error) {
      if (error instanceof TableeError) {
        reply({ ok: false, error: error.toWire() });
      } else {
        log.error({ err: error, event: name }, "unexpected error in socket handler");
        reply({ ok: false, error: { code: "INTERNAL", message: "something went wrong on the server" } });
      }
    }
  };

  return { refresh: (roomId) => void (presence.sockets(roomId).length > 0 ? refresh(roomId) : undefined) };
}
