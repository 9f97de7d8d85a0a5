import { describe, expect, it } from "vitest";
import { eventArguments } from "./eventArguments";

describe("an event's arguments", () => {
  const ack = () => undefined;

  it("finds the acknowledgement last, after no payload, one or two", () => {
    expect(eventArguments([ack])).toEqual({ payloads: [], ack });
    expect(eventArguments([{ roomId: "r" }, ack])).toEqual({ payloads: [{ roomId: "r" }], ack });
    expect(eventArguments([{ roomId: "r" }, "x", ack])).toEqual({ payloads: [{ roomId: "r" }, "x"], ack });
  });

  it("has none when the last argument is not a function", () => {
    expect(eventArguments([{ roomId: "r" }])).toEqual({ payloads: [{ roomId: "r" }], ack: undefined });
    expect(eventArguments([ack, "x"])).toEqual({ payloads: [ack, "x"], ack: undefined });
  });
});
