import { mount } from "svelte";
import App from "./App.svelte";
import { setupI18n } from "./i18n";
import Offline from "./pwa/Offline.svelte";
import { isOfflineShell, registerWorkerWhenIdle } from "./pwa/registerWorker";
import "./app.css";

setupI18n(); // before mounting: the first render must already have its messages

const target = document.getElementById("app");
if (target === null) throw new Error("#app is missing from index.html");

// offline.html (the service worker's answer when the server cannot be reached) is this same page
// marked as the offline shell: it says so and comes back by itself, instead of the app.
const offline = isOfflineShell();
if (!offline) registerWorkerWhenIdle();

export default offline ? mount(Offline, { target }) : mount(App, { target });
