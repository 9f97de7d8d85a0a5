import fc from "fast-check";
import { Decoder, Encoder, PacketType, type Packet } from "socket.io-parser";
import { describe, expect, it } from "vitest";
import { EncodedJson } from "../rooms/encodedJson";
import { tableeParser } from "./parser";

/** What a client's (default) decoder makes of the encoder's output. */
function decode(encoded: unknown[]): Packet {
  const decoder = new Decoder();
  let packet: Packet | null = null;
  decoder.on("decoded", (decoded: Packet) => (packet = decoded));
  for (const part of encoded) decoder.add(part as string);
  if (packet === null) throw new Error("nothing decoded");
  return packet;
}

const tablee = new tableeParser.Encoder();
const standard = new Encoder();

describe("Tablée's socket.io encoder", () => {
  it("writes an event whose argument is already JSON exactly as the default encoder writes the value", () => {
    fc.assert(
      fc.property(fc.constantFrom("room:snapshot", "x", 'quote"d'), fc.jsonValue(), fc.constantFrom("/", "/admin"), (event, value, nsp) => {
        const text = JSON.stringify(value);
        const encoded = tablee.encode({ type: PacketType.EVENT, nsp, data: [event, new EncodedJson(text)] });
        expect(encoded).toEqual(standard.encode({ type: PacketType.EVENT, nsp, data: [event, JSON.parse(text)] }));
        expect(decode(encoded).data).toEqual([event, JSON.parse(text)]);
      }),
    );
  });

  it("encodes everything else as the default encoder does: acks, other arguments, binary data", () => {
    const packets: Packet[] = [
      { type: PacketType.ACK, nsp: "/", id: 7, data: [{ ok: true, moveNumber: 3 }] },
      { type: PacketType.EVENT, nsp: "/", data: ["chat:message", { text: "salut" }] },
      { type: PacketType.EVENT, nsp: "/", id: 2, data: ["room:snapshot", new EncodedJson<object>('{"a":1}')] }, // wants an ack: default path
      { type: PacketType.EVENT, nsp: "/", data: ["two", new EncodedJson<object>("{}"), 3] },
      { type: PacketType.EVENT, nsp: "/", data: ["bytes", Buffer.from([1, 2, 3])] },
      { type: PacketType.CONNECT, nsp: "/", data: { sid: "abc" } },
    ];
    for (const packet of packets) expect(tablee.encode({ ...packet })).toEqual(standard.encode({ ...packet }));
  });

  it("an EncodedJson serialised by anything else gives the same JSON", () => {
    const value = { views: [{ seat: 0, view: { hand: [1, 2] } }], outcome: null };
    expect(JSON.stringify({ push: new EncodedJson(JSON.stringify(value)) })).toBe(JSON.stringify({ push: value }));
  });
});
