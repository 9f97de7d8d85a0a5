import { Decoder, Encoder, PacketType, type Packet } from "socket.io-parser";
import { EncodedJson } from "../rooms/encodedJson";

/**
 * socket.io's parser, except that an event whose one argument is already JSON (`EncodedJson`, a push
 * put together by `buildPush`) is written as that text, without serialising it again or scanning it for
 * binary data (pushes are JSON by protocol). What goes on the wire is exactly what the default encoder
 * would write, so clients use the default parser.
 */
class PreEncodedEncoder extends Encoder {
  override encode(packet: Packet): unknown[] {
    const data: unknown = packet.data;
    if (packet.type !== PacketType.EVENT || packet.id != null || !Array.isArray(data) || data.length !== 2) return super.encode(packet);
    const [event, argument] = data as [unknown, unknown];
    if (typeof event !== "string" || !(argument instanceof EncodedJson)) return super.encode(packet);
    const namespace = packet.nsp && packet.nsp !== "/" ? `${packet.nsp},` : "";
    return [`${PacketType.EVENT}${namespace}[${JSON.stringify(event)},${argument.text}]`];
  }
}

/** The `parser` option of Tablée's socket.io server. */
export const tableeParser = { Encoder: PreEncodedEncoder, Decoder };
