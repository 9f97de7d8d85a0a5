import type { FastifyBaseLogger } from "fastify";

export const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;

/** A socket.io server and one socket, as far as the handlers use them. */
export function fakeConnection() {
  let onConnection: ((socket: unknown) => void) | undefined;
  const io = { on: (event: string, listener: (socket: unknown) => void) => event === "connection" && (onConnection = listener), to: () => ({ emit: () => true }) };
  const listeners: Record<string, (...args: unknown[]) => void> = {};
  let onAny: ((event: string, ...args: unknown[]) => void) | undefined;
  const socket = {
    id: "socket-1",
    data: {},
    connected: true,
    handshake: { address: "127.0.0.1" },
    onAny: (listener: typeof onAny) => (onAny = listener),
    on: (event: string, listener: (...args: unknown[]) => void) => (listeners[event] = listener),
    emit: () => true,
    join: () => undefined,
    leave: () => undefined,
    disconnect: () => undefined,
  };
  return { io, socket, connect: () => onConnection!(socket), send: (event: string, ...args: unknown[]) => onAny!(event, ...args), listeners };
}
