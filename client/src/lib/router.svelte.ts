import { parseRoute, type Route } from "./routes";

export type { Route };

class Router {
  route: Route = $state(parseRoute(location.pathname));

  constructor() {
    window.addEventListener("popstate", () => {
      this.route = parseRoute(location.pathname);
    });
  }

  /** Pushes a history entry and switches page without reloading. */
  navigate(path: string): void {
    if (path === location.pathname + location.search) return;
    history.pushState(null, "", path);
    this.route = parseRoute(location.pathname);
    window.scrollTo(0, 0);
  }

  /** Switches page in place of the current history entry (a page that only leads to another, such as an invitation's). */
  replace(path: string): void {
    history.replaceState(null, "", path);
    this.route = parseRoute(location.pathname);
    window.scrollTo(0, 0);
  }
}

export const router = new Router();

/**
 * Click handler for in-app links: plain clicks navigate in place; modified clicks (new tab…)
 * keep the browser's behaviour.
 */
export function linkClick(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = event.currentTarget;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.origin !== location.origin) return;
  event.preventDefault();
  router.navigate(anchor.pathname + anchor.search); // the query too: /leaderboards?game=… opens on that game
}
