import { describe, expect, it } from "vitest";
import { roomPage } from "./roomPage";

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-Def456.css">
  </head>
  <body><div id="app"></div></body>
</html>`;

describe("roomPage", () => {
  const page = roomPage(INDEX, ["/assets/Room-E.css", "/assets/Room-E.js", "/assets/index-AbC123.js", "/assets/index-Def456.css", "/assets/socket-F.js"]);

  it("asks for the room's scripts and styles in the head, after the entry script, and for nothing the page already loads", () => {
    const head = page.slice(0, page.indexOf("</head>"));
    expect(head).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/Room-E.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/socket-F.js">');
    expect(head).toContain('<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/Room-E.css">');
    expect(head.indexOf("Room-E.js")).toBeGreaterThan(head.indexOf("index-AbC123.js"));
    expect(page.match(/index-AbC123\.js/gu)).toHaveLength(1);
    expect(page.match(/index-Def456\.css/gu)).toHaveLength(1);
  });

  it("is index.html otherwise: no stylesheet that would hold the first paint, no script of its own", () => {
    expect(page.replace(/\s*<link rel="(?:modulepreload|preload" as="style)" crossorigin fetchpriority="low" href="[^"]+">/gu, "")).toBe(INDEX);
  });

  it("refuses a page without a head", () => {
    expect(() => roomPage("<body></body>", ["/assets/Room-E.js"])).toThrow(/no <\/head>/u);
  });
});
