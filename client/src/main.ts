import { mount } from "svelte";
import App from "./App.svelte";
import { setupI18n } from "./i18n";
import "./app.css";

setupI18n(); // before mounting: the first render must already have its messages

const target = document.getElementById("app");
if (target === null) throw new Error("#app is missing from index.html");

export default mount(App, { target });
