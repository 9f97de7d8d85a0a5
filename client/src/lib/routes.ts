/** The client's routes. Small on purpose: four pages, parsed from `location.pathname`. */
export type Route =
  | { readonly page: "home" }
  | { readonly page: "new"; readonly gameId: string }
  | { readonly page: "room"; readonly roomId: string }
  | { readonly page: "rules"; readonly gameId: string }
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
  const [first, second, ...rest] = parts;
  if (first === undefined) return { page: "home" };
  if (second !== undefined && rest.length === 0) {
    if (first === "new") return { page: "new", gameId: second };
    if (first === "r") return { page: "room", roomId: second };
    if (first === "rules") return { page: "rules", gameId: second };
  }
  return { page: "notFound" };
}
