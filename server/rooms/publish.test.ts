import { describe, expect, it } from "vitest";
import { GAMES } from "../../shared/games/registry";
import { Publisher } from "./publish";
import { DEFAULT_SETTINGS } from "./record";
import { newRoom } from "./transitions";

const room = newRoom("r1", GAMES.find((game) => game.id === "qwirkle")!, { mode: "normal", board: "open" }, DEFAULT_SETTINGS, "hash", new Date(0));

describe("the publisher of committed changes", () => {
  it("tells every listener even when one throws, and reports the failure (the change is committed: its author is not told it failed)", () => {
    const failures: unknown[] = [];
    const publisher = new Publisher((error) => failures.push(error));
    const heard: string[] = [];
    publisher.onCommit(() => {
      throw new Error("a view that could not be built");
    });
    publisher.onCommit(() => heard.push("computer driver"));
    publisher.onRemote(() => {
      throw new Error("a broadcast that failed");
    });
    publisher.onRemote(() => heard.push("remote"));
    expect(() => publisher.committed(room, null)).not.toThrow();
    expect(() => publisher.changedElsewhere(room)).not.toThrow();
    expect(heard).toEqual(["computer driver", "remote"]);
    expect(failures).toHaveLength(2);
  });
});
