/** An event's acknowledgement: the function socket.io calls back on the client. */
export type AckFn = (response: unknown) => void;

/**
 * An event's arguments as socket.io hands them: the acknowledgement, when the client asked for one,
 * is always last, whatever came before it (a client sending none, or two payloads, must still be
 * answered through it).
 */
export function eventArguments(args: readonly unknown[]): { readonly payloads: readonly unknown[]; readonly ack: AckFn | undefined } {
  const last = args.at(-1);
  return typeof last === "function" ? { payloads: args.slice(0, -1), ack: last as AckFn } : { payloads: args, ack: undefined };
}
