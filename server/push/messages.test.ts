import { describe, expect, it } from "vitest";
import { listOf, noticeText, ordinal, pushPayloadOf } from "./messages";
import type { Notice } from "./notifier";
import { fakeGame, tableRoom } from "./testkit";

describe("notice texts", () => {
  const room = tableRoom(); // Alice (0), Bob (1), an easy computer (2)

  it.each([
    [{ kind: "turn", seat: 1 }, "en", "Your turn — Qwirkle", "Qwirkle with Alice and Computer ·\u00a0Easy"],
    [{ kind: "turn", seat: 1 }, "fr", "À vous de jouer — Qwirkle", "Qwirkle avec Alice et l’ordinateur ·\u00a0Facile"],
    [{ kind: "gameOver", seat: 0, rank: 1, won: true, sharedWin: false }, "en", "Game over — Qwirkle", "You won — Qwirkle with Bob and Computer ·\u00a0Easy"],
    [{ kind: "gameOver", seat: 0, rank: 1, won: true, sharedWin: true }, "fr", "Partie terminée — Qwirkle", "Victoire partagée — Qwirkle avec Bob et l’ordinateur ·\u00a0Facile"],
    [{ kind: "gameOver", seat: 1, rank: 2, won: false, sharedWin: false }, "en", "Game over — Qwirkle", "You finished 2nd of 3 — Qwirkle with Alice and Computer ·\u00a0Easy"],
    [{ kind: "gameOver", seat: 1, rank: 3, won: false, sharedWin: false }, "fr", "Partie terminée — Qwirkle", "Vous êtes 3e sur 3 — Qwirkle avec Alice et l’ordinateur ·\u00a0Facile"],
    [{ kind: "rematch", seat: 1, askers: [0] }, "en", "Play again? — Qwirkle", "Alice would like to play Qwirkle again"],
    [{ kind: "rematch", seat: 1, askers: [0] }, "fr", "On rejoue\u202F? — Qwirkle", "Alice voudrait refaire une partie de Qwirkle"],
  ] as const)("%o in %s", (notice, locale, title, body) => {
    expect(noticeText(notice as Notice, room, fakeGame, locale)).toEqual({ title, body });
  });

  it("lists names and ranks as each language does", () => {
    expect([listOf([], "en"), listOf(["A"], "en"), listOf(["A", "B", "C"], "en"), listOf(["A", "B", "C"], "fr")]).toEqual(["", "A", "A, B and C", "A, B et C"]);
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22].map((rank) => ordinal(rank, "en"))).toEqual(["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd"]);
    expect([1, 2, 8].map((rank) => ordinal(rank, "fr"))).toEqual(["1er", "2e", "8e"]);
  });

  it("carries the room's link, a tag per room, and nothing of the game's state", () => {
    const secretRoom = { ...room, state: { current: [1], hand: ["secret-tile"] }, seed: "secret-seed" };
    const payload = pushPayloadOf({ kind: "turn", seat: 1 }, secretRoom, fakeGame, "en");
    expect(payload).toEqual({ kind: "turn", title: "Your turn — Qwirkle", body: "Qwirkle with Alice and Computer ·\u00a0Easy", url: "/r/room-1", tag: "room-1" });
    expect(JSON.stringify(payload)).not.toMatch(/secret/u);
    expect(pushPayloadOf({ kind: "rematch", seat: 1, askers: [0] }, room, fakeGame, "en").tag).toBe("room-1:rematch");
  });
});
