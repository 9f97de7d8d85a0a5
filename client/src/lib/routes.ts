/** The client's routes, parsed from `location.pathname`. */
export type Route =
  | { readonly page: "home" }
  | { readonly page: "new"; readonly gameId: string }
  | { readonly page: "room"; readonly roomId: string }
  | { readonly page: "replay"; readonly roomId: string }
  | { readonly page: "publicReplay"; readonly replayId: string } // from the score list: no room id
  | { readonly page: "join"; readonly roomId: string } // a friend's invitation (its proof in the fragment)
  | { readonly page: "rules"; readonly gameId: string }
  | { readonly page: "myGames" }
  | { readonly page: "scores" }
  | { readonly page: "leaderboards" } // the game in ?game=
  | { readonly page: "profile" }
  | { readonly page: "profileLink" } // a one-time sign-in link (its token in the fragment)
  | { readonly page: "notFound" };

function decode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null; // a malformed escape such as "%E0": not one of our links
  }
}

export function parseRoute(pathname: string): Route {
  const decoded = pathname.split("/").filter((part) => part !== "").map(decode);
  const parts = decoded.filter((part): part is string => part !== null);
  if (parts.length !== decoded.length) return { page: "notFound" };
  const [first, second, third, ...rest] = parts;
  if (first === undefined) return { page: "home" };
  if (second === undefined) {
    if (first === "my-games") return { page: "myGames" };
    if (first === "scores") return { page: "scores" };
    if (first === "leaderboards") return { page: "leaderboards" };
    if (first === "profile") return { page: "profile" };
    return { page: "notFound" };
  }
  if (third === undefined) {
    if (first === "profile" && second === "link") return { page: "profileLink" };
    if (first === "new") return { page: "new", gameId: second };
    if (first === "r") return { page: "room", roomId: second };
    if (first === "rules") return { page: "rules", gameId: second };
    if (first === "replay") return { page: "publicReplay", replayId: second };
  }
  if (first === "r" && third === "replay" && rest.length === 0) return { page: "replay", roomId: second };
  if (first === "r" && third === "join" && rest.length === 0) return { page: "join", roomId: second };
  return { page: "notFound" };
}

/** Links, built in one place so pages never hand-write paths. */
export const paths = {
  room: (roomId: string): string => `/r/${encodeURIComponent(roomId)}`,
  replay: (roomId: string): string => `/r/${encodeURIComponent(roomId)}/replay`,
  publicReplay: (replayId: string): string => `/replay/${encodeURIComponent(replayId)}`,
  rules: (gameId: string): string => `/rules/${encodeURIComponent(gameId)}`,
  newRoom: (gameId: string): string => `/new/${encodeURIComponent(gameId)}`,
} as const;
