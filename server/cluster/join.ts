import type { FastifyBaseLogger } from "fastify";
import type { Server } from "socket.io";
import type { RoomService } from "../rooms/service";
import { decodeRoom, encodeRoom, type InterServerEvents } from "./events";
import type { SharedPresence } from "./sharedPresence";

/** How often a process says it is alive (and forgets the connections of processes gone silent). */
const HEARTBEAT_MS = 5_000;

/**
 * Several processes, one table: every change this process commits is announced to the others (who
 * update their copy of the room and push it to their own sockets), and connected seats are shared so
 * every process shows the same people online. The transport is socket.io's inter-server channel
 * (the Redis streams adapter carries it); without a Redis adapter nothing here is used.
 */
export function joinCluster(
  io: Server<never, never, InterServerEvents>,
  rooms: RoomService,
  presence: SharedPresence,
  refresh: (roomId: string) => void,
  log: FastifyBaseLogger,
): { leave(): void; rejoin(): void } {
  const unsubscribe = rooms.onChange((room) => io.serverSideEmit("room:changed", encodeRoom(room)));
  io.on("room:changed", (text) => {
    try {
      rooms.receiveRemote(decodeRoom(text));
    } catch (error) {
      log.warn({ err: error }, "unreadable room change from another process");
    }
  });
  io.on("presence:report", (report) => {
    presence.receive(report);
    refresh(report.roomId);
  });
  io.on("process:alive", (processId) => presence.alive(processId));
  io.on("process:hello", (processId) => {
    presence.alive(processId);
    presence.reportAll();
  });
  io.on("process:gone", (processId) => {
    for (const roomId of presence.gone(processId)) refresh(roomId);
  });
  const heartbeat = setInterval(() => {
    io.serverSideEmit("process:alive", presence.processId);
    for (const roomId of presence.expire()) refresh(roomId);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  io.serverSideEmit("process:hello", presence.processId);
  return {
    /** After a Redis outage: say hello again (the others re-report their seats) and re-report ours. */
    rejoin() {
      io.serverSideEmit("process:hello", presence.processId);
      presence.reportAll();
    },
    leave() {
      clearInterval(heartbeat);
      unsubscribe();
      io.serverSideEmit("process:gone", presence.processId);
    },
  };
}
