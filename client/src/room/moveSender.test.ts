import { describe, expect, it } from "vitest";
import type { ErrorCode } from "../../../shared/protocol";
import type { AckResult } from "../lib/socket";
import { MoveSender, newMoveId, type MoveAck } from "./moveSender";

type Payload = { seat: number; move: string };
const ok = (moveNumber: number): AckResult<MoveAck> => ({ ok: true, value: { moveNumber } });
const timeout: AckResult<MoveAck> = { ok: false, error: { code: "TIMEOUT", message: "no answer" } };
const refused = (code: ErrorCode): AckResult<MoveAck> => ({ ok: false, error: { code, message: "refused" } });

/** A server stand-in: answers each send with the next scripted result (a function may wait). */
function scripted(answers: (AckResult<MoveAck> | (() => Promise<AckResult<MoveAck>>))[]) {
  const sent: (Payload & { moveId: string })[] = [];
  const send = async (payload: Payload & { moveId: string }) => {
    sent.push(payload);
    const next = answers.shift();
    if (!next) throw new Error("unexpected send");
    return typeof next === "function" ? next() : next;
  };
  return { sent, send };
}

describe("MoveSender", () => {
  it("gives every move its own valid id", () => {
    const ids = new Set(Array.from({ length: 100 }, newMoveId));
    expect(ids.size).toBe(100);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/u);
  });

  it("resends an unanswered move after reconnecting, under the same id, and forgets it once answered", async () => {
    const server = scripted([timeout, ok(7)]);
    const sender = new MoveSender<Payload>(server.send);
    expect(await sender.move({ seat: 1, move: "a" })).toEqual(timeout);
    expect(sender.waiting).toBe(true);
    await sender.resend();
    expect(sender.waiting).toBe(false);
    await sender.resend(); // nothing left to send
    expect(server.sent).toHaveLength(2);
    expect(server.sent[1]).toEqual(server.sent[0]);
  });

  it("resends with the move number the move was chosen at, which the first send leaves out; a refusal then is said", async () => {
    const server = scripted([timeout, refused("TABLE_CHANGED")]);
    const late: AckResult<MoveAck>[] = [];
    const sender = new MoveSender<Payload>(server.send, (result) => late.push(result));
    expect(await sender.move({ seat: 1, move: "endTurn" }, 12)).toEqual(timeout);
    await sender.resend();
    expect(server.sent[0]).toEqual({ seat: 1, move: "endTurn", moveId: server.sent[0]!.moveId });
    expect(server.sent[1]).toEqual({ ...server.sent[0], chosenAt: 12 });
    expect(late).toEqual([refused("TABLE_CHANGED")]);
    expect(sender.waiting).toBe(false);
  });

  it("keeps the unanswered move when the player tries again while the connection is down: that try was never sent", async () => {
    const notConnected: AckResult<MoveAck> = { ok: false, error: { code: "NETWORK", message: "socket not connected" } };
    const server = scripted([timeout, notConnected, ok(8)]);
    const sender = new MoveSender<Payload>(server.send);
    expect(await sender.move({ seat: 1, move: "a" })).toEqual(timeout); // the connection dropped: maybe played
    expect(await sender.move({ seat: 1, move: "a" })).toEqual(notConnected); // tapped again meanwhile
    expect(sender.waiting).toBe(true);
    await sender.resend(); // reconnected
    expect(server.sent[2]).toEqual(server.sent[0]); // the first move again, under its id
    expect(sender.waiting).toBe(false);
  });

  it("does not resend a move that was answered, even with a refusal", async () => {
    const server = scripted([refused("NOT_YOUR_TURN"), ok(3)]);
    const sender = new MoveSender<Payload>(server.send);
    expect(await sender.move({ seat: 0, move: "a" })).toEqual(refused("NOT_YOUR_TURN"));
    await sender.resend();
    expect(server.sent).toHaveLength(1);
    expect((await sender.move({ seat: 0, move: "b" })).ok).toBe(true);
    expect(server.sent[1]!.moveId).not.toBe(server.sent[0]!.moveId);
  });

  it("reports the resend's answer to the waiting move when it comes before the first one times out", async () => {
    let timeOut: (r: AckResult<MoveAck>) => void = () => undefined;
    const server = scripted([() => new Promise((resolve) => (timeOut = resolve)), ok(12)]);
    const sender = new MoveSender<Payload>(server.send);
    const waiting = sender.move({ seat: 0, move: "a" });
    await sender.resend(); // reconnected while the first send still waits for its ack
    timeOut(timeout);
    expect(await waiting).toEqual(ok(12));
  });

  it("tells the page when a resent move is refused after all", async () => {
    const late: AckResult<MoveAck>[] = [];
    const server = scripted([timeout, refused("GAME_OVER")]);
    const sender = new MoveSender<Payload>(server.send, (r) => late.push(r));
    await sender.move({ seat: 0, move: "a" });
    await sender.resend();
    expect(late).toEqual([refused("GAME_OVER")]);
  });

  it("resends a move answered IN_DOUBT under the same id, backing off, until the server knows; UNAVAILABLE in between is not taken for 'nothing changed'", async () => {
    const pauses: number[] = [];
    const server = scripted([refused("IN_DOUBT"), refused("IN_DOUBT"), refused("UNAVAILABLE"), ok(5)]);
    const sender = new MoveSender<Payload>(server.send, () => undefined, newMoveId, async (ms) => void pauses.push(ms));
    expect(await sender.move({ seat: 0, move: "a" })).toEqual(ok(5));
    expect(server.sent).toHaveLength(4);
    expect(new Set(server.sent.map((p) => p.moveId)).size).toBe(1);
    expect(pauses).toEqual([500, 1000, 2000]);
    expect(sender.waiting).toBe(false);
  });

  it("a first answer UNAVAILABLE is final (nothing was changed): no resend", async () => {
    const server = scripted([refused("UNAVAILABLE")]);
    const sender = new MoveSender<Payload>(server.send, () => undefined, newMoveId, async () => undefined);
    expect(await sender.move({ seat: 0, move: "a" })).toEqual(refused("UNAVAILABLE"));
    expect(sender.waiting).toBe(false);
  });

  it("a move still in doubt after the resends is answered IN_DOUBT and kept for the resend after reconnecting", async () => {
    const server = scripted([...Array.from({ length: 12 }, () => refused("IN_DOUBT")), refused("UNAVAILABLE"), ok(9)]);
    const sender = new MoveSender<Payload>(server.send, () => undefined, newMoveId, async () => undefined);
    const answer = await sender.move({ seat: 0, move: "a" });
    expect(answer).toMatchObject({ ok: false, error: { code: "IN_DOUBT" } });
    expect(sender.waiting).toBe(true);
    await sender.resend();
    expect(sender.waiting).toBe(false);
    expect(new Set(server.sent.map((p) => p.moveId)).size).toBe(1);
  });

  it("a timed-out resend of a move in doubt leaves it to the reconnection", async () => {
    const server = scripted([refused("IN_DOUBT"), timeout, ok(2)]);
    const sender = new MoveSender<Payload>(server.send, () => undefined, newMoveId, async () => undefined);
    expect(await sender.move({ seat: 0, move: "a" })).toEqual(timeout);
    expect(sender.waiting).toBe(true);
    await sender.resend();
    expect(sender.waiting).toBe(false);
  });

  it("a move in doubt whose resend finds the connection gone is kept for the reconnection, not forgotten", async () => {
    const notConnected: AckResult<MoveAck> = { ok: false, error: { code: "NETWORK", message: "socket not connected" } };
    const server = scripted([refused("IN_DOUBT"), notConnected, ok(4)]);
    const sender = new MoveSender<Payload>(server.send, () => undefined, newMoveId, async () => undefined);
    expect(await sender.move({ seat: 0, move: "a" })).toMatchObject({ ok: false, error: { code: "IN_DOUBT" } });
    expect(sender.waiting).toBe(true);
    await sender.resend();
    expect(sender.waiting).toBe(false);
    expect(new Set(server.sent.map((p) => p.moveId)).size).toBe(1);
  });

  it("resends a move in doubt at once as it was first sent (no chosenAt: players acting together must not refuse each other), and with it after reconnecting", async () => {
    const server = scripted([refused("IN_DOUBT"), timeout, ok(3)]);
    const sender = new MoveSender<Payload>(server.send, () => undefined, newMoveId, async () => undefined);
    await sender.move({ seat: 0, move: "ready" }, 7);
    await sender.resend();
    expect(server.sent.map((p) => (p as { chosenAt?: number }).chosenAt)).toEqual([undefined, undefined, 7]);
  });
});

