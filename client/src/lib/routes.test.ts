import { describe, expect, it } from "vitest";
import { parseRoute } from "./routes";

describe("parseRoute", () => {
  it.each([
    ["/", { page: "home" }],
    ["", { page: "home" }],
    ["/new/qwirkle", { page: "new", gameId: "qwirkle" }],
    ["/r/AbC_def-1234567890", { page: "room", roomId: "AbC_def-1234567890" }],
    ["/r/AbC_def-1234567890/", { page: "room", roomId: "AbC_def-1234567890" }],
    ["/rules/qwirkle", { page: "rules", gameId: "qwirkle" }],
    ["/r", { page: "notFound" }],
    ["/r/a/b", { page: "notFound" }],
    ["/r/AbC_def-1234567890/replay", { page: "replay", roomId: "AbC_def-1234567890" }],
    ["/r/AbC_def-1234567890/replay/x", { page: "notFound" }],
    ["/replay/0123456789abcdef0123456789abcdef", { page: "publicReplay", replayId: "0123456789abcdef0123456789abcdef" }],
    ["/r/AbC_def-1234567890/join", { page: "join", roomId: "AbC_def-1234567890" }],
    ["/r/AbC_def-1234567890/join/x", { page: "notFound" }],
    ["/my-games", { page: "myGames" }],
    ["/scores/", { page: "scores" }],
    ["/scores/x", { page: "notFound" }],
    ["/leaderboards", { page: "leaderboards" }],
    ["/leaderboards/x", { page: "notFound" }],
    ["/profile", { page: "profile" }],
    ["/profile/link", { page: "profileLink" }],
    ["/profile/other", { page: "notFound" }],
    ["/elsewhere", { page: "notFound" }],
    ["/elsewhere/x", { page: "notFound" }],
    ["/r/%E0%A4%A", { page: "notFound" }],
  ] as const)("%s", (path, route) => {
    expect(parseRoute(path)).toEqual(route);
  });
});
