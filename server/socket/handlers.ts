import type { FastifyBaseLogger } from "fastify";
import type { Server, Socket } from "socket.io";
import { findGame } from "../../shared/games/registry";
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
import { buildSnapshot, seatsOfViewer, type Viewer } from "../rooms/snapshot";
import { hashToken } from "../rooms/tokens";
import { Presence } from "./presence";

/** What the server remembers about a socket: the one room it watches and the tokens it showed. */
export interface SocketData {
  watch: ({ roomId: string } & Viewer) | null;
}

export type TableeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type TableeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type AckFn = (response: unknown) => void;

/** Wires socket events to the room service: parse with zod, act, answer through the ack. */
export function attachSocketHandlers(io: TableeServer, rooms: RoomService, log: FastifyBaseLogger): void {
  const presence = new Presence<TableeSocket>();

  const connectedSeats = (room: RoomRecord): Set<number> => {
    const seats = new Set<number>();
    for (const socket of presence.sockets(room.id)) {
      if (socket.data.watch) for (const seat of seatsOfViewer(room, socket.data.watch)) if (seat !== null) seats.add(seat);
    }
    return seats;
  };

  const snapshotFor = (room: RoomRecord, socket: TableeSocket, connected: ReadonlySet<number>, views: Map<number | null, unknown>) => {
    const game = findGame(room.gameId);
    if (!game || !socket.data.watch) return null;
    // Views are computed once per seat per broadcast, however many sockets hold that seat.
    const viewFor = (seat: number | null) => {
      if (!views.has(seat)) views.set(seat, game.view(room.state, seat));
      return views.get(seat);
    };
    return buildSnapshot(room, game, socket.data.watch, connected, viewFor);
  };

  const broadcast = (room: RoomRecord) => {
    const connected = connectedSeats(room);
    const views = new Map<number | null, unknown>();
    for (const socket of presence.sockets(room.id)) {
      const snapshot = snapshotFor(room, socket, connected, views);
      if (snapshot) socket.emit("room:snapshot", snapshot);
    }
  };
  rooms.onChange(broadcast);

  const refreshPresence = async (roomId: string) => {
    try {
      broadcast(await rooms.get(roomId));
    } catch (error) {
      log.debug({ err: error, roomId }, "presence refresh skipped");
    }
  };

  const handlers: { [E in ClientEventName]: (socket: TableeSocket, payload: ParsedClientPayload<E>) => Promise<object> } = {
    "room:watch": async (socket, payload) => {
      const room = await rooms.get(payload.roomId);
      const previous = socket.data.watch;
      if (previous && previous.roomId !== room.id) leave(socket);
      socket.data.watch = {
        roomId: room.id,
        seatTokenHashes: payload.seatTokens.map(hashToken),
        creatorTokenHash: payload.creatorToken ? hashToken(payload.creatorToken) : null,
      };
      presence.add(room.id, socket);
      broadcast(room); // others see this seat come online; this socket gets its snapshot too
      const snapshot = snapshotFor(room, socket, connectedSeats(room), new Map());
      return { snapshot };
    },
    "seat:claim": async (socket, payload) => {
      const claimed = await rooms.claimSeat(payload.roomId, payload.seat, payload.nickname);
      const watch = socket.data.watch;
      if (watch && watch.roomId === payload.roomId) {
        socket.data.watch = { ...watch, seatTokenHashes: [...watch.seatTokenHashes, hashToken(claimed.seatToken)] };
        await refreshPresence(payload.roomId);
      }
      return claimed;
    },
    "seat:configure": async (_socket, payload) => {
      await rooms.configureSeat(payload.roomId, payload.creatorToken, payload.seat, payload.kind, payload.bot);
      return {};
    },
    "game:start": async (_socket, payload) => {
      await rooms.start(payload.roomId, payload.creatorToken);
      return {};
    },
    "game:move": async (_socket, payload) => rooms.move(payload.roomId, payload.seat, payload.seatToken, payload.move),
  };

  const leave = (socket: TableeSocket) => {
    const watch = socket.data.watch;
    if (!watch) return;
    presence.remove(watch.roomId, socket.id);
    socket.data.watch = null;
    void refreshPresence(watch.roomId);
  };

  io.on("connection", (socket) => {
    socket.data.watch = null;
    socket.onAny((event: string, ...args: unknown[]) => {
      if (Object.hasOwn(handlers, event)) return;
      const error: WireError = { code: "BAD_REQUEST", message: `unknown event ${JSON.stringify(event).slice(0, 40)}` };
      const ack = args.at(-1);
      if (typeof ack === "function") (ack as AckFn)({ ok: false, error });
      else socket.emit("server:error", error);
    });
    for (const name of Object.keys(handlers) as ClientEventName[]) {
      socket.on(name, (payload: unknown, ack: unknown) => {
        void handle(socket, name, payload, ack);
      });
    }
    socket.on("disconnect", () => leave(socket));
  });

  const handle = async (socket: TableeSocket, name: ClientEventName, payload: unknown, ack: unknown) => {
    const reply: AckFn = typeof ack === "function" ? (ack as AckFn) : (response) => {
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
}
