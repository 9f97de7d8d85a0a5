import { mount } from "svelte";
import App from "./App.svelte";
import { setupI18n } from "./i18n";
import { prepareNumberData } from "./i18n/localeMemo";
import { afterPaint } from "./lib/afterPaint";
import { isOfflineShell, registerWorkerWhenIdle } from "./pwa/registerWorker";
import { reloadOnStaleChunk } from "./pwa/staleBuild";
import { loadSignedIn } from "./lib/storage";
import { tableCodeForFirstFrame } from "./room/firstFrame";
import "./app.css";

// The page starts in a task of its own once the modules are evaluated: the two together held a
// phone's main thread for about a tenth of a second in one piece (issue 31: Total Blocking Time),
// each alone stays near the 50 ms that counts as a long task.
setTimeout(start, 0);

function start(): void {
  setupI18n(); // before mounting: the first render must already have its messages
  const target = document.getElementById("app");
  if (target === null) throw new Error("#app is missing from index.html");
  if (isOfflineShell()) {
    // offline.html (the service worker's answer when the server cannot be reached) is this same page
    // marked as the offline shell: it says so and comes back by itself, instead of the app. Its own
    // chunk, cached with the shell, so that no visitor online downloads it.
    void import("./pwa/Offline.svelte").then(({ default: Offline }) => mount(Offline, { target }));
  } else {
    reloadOnStaleChunk(); // a tab older than the last deploy
    // A room this device has seen opens on its table: one mount once its code is here (room/firstFrame.ts).
    void tableCodeForFirstFrame().then(() => mount(App, { target }));
    // ICU's number data, which the first plural needs, in a task of its own once the page has painted
    // (a room waits for its socket then), not in the start's task nor in the table's first render.
    afterPaint(() => prepareNumberData(document.documentElement.lang || "en"));
    // Its own chunk, and its socket, only on a device signed in to a profile: a guest's page loads
    // none of it (the profile pages load it themselves when a guest signs in there).
    if (loadSignedIn()) void import("./profile/profileSync.svelte").then(({ startProfileSync }) => startProfileSync());
    registerWorkerWhenIdle();
  }
}
