import { describe, expect, expectTypeOf, it } from "vitest";
import { ratingLeaderboardQuerySchema, type LeaderboardRow, type LeaderboardScope, type ProfileStats } from "./ratings";

describe("the ratings' wire shapes", () => {
  it("a leaderboard query: a game, everyone by default, nothing else", () => {
    expect(ratingLeaderboardQuerySchema.parse({ game: "qwirkle" })).toEqual({ game: "qwirkle", among: "everyone" });
    expect(ratingLeaderboardQuerySchema.parse({ game: "qwirkle", among: "friends" }).among).toBe("friends");
    for (const bad of [{}, { game: "Qwirkle!" }, { game: "qwirkle", among: "all" }, { game: "qwirkle", profileId: "x" }]) {
      expect(ratingLeaderboardQuerySchema.safeParse(bad).success).toBe(false);
    }
  });

  it("never carries a profile's id: a name and figures only", () => {
    expectTypeOf<keyof LeaderboardRow>().toEqualTypeOf<"position" | "displayName" | "rating" | "provisional" | "games" | "wins" | "you">();
    expectTypeOf<keyof ProfileStats["games"][number]["playedWith"][number]>().toEqualTypeOf<"displayName" | "games">();
    expectTypeOf<LeaderboardScope>().toEqualTypeOf<"everyone" | "friends">();
  });
});
