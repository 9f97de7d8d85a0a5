import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * axe-core in the page (issue 34): the WCAG 2.0/2.1 A and AA rules, run on what the page shows now.
 * The script goes in through `evaluate` (the DevTools protocol), which the app's Content Security
 * Policy does not block as it would an inline <script>.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
export const WCAG_AA_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] as const;

/** One violation as a line a failing test can print: the rule, then each element with axe's reason. */
export interface AxeFinding {
  readonly rule: string;
  readonly nodes: readonly string[];
}

/** Runs axe on the whole document; returns its violations (empty when the page passes). */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  if ((await page.evaluate("typeof window.axe")) !== "object") await page.evaluate(AXE_SOURCE);
  const script = `window.axe.run(document, { runOnly: { type: "tag", values: ${JSON.stringify(WCAG_AA_TAGS)} }, resultTypes: ["violations"] })
    .then((r) => r.violations.map((v) => ({ rule: v.id, nodes: v.nodes.map((n) => n.target.join(" ") + " — " + (n.failureSummary ?? "").split("\\n").slice(1).join(" ").trim()) })))`;
  return (await page.evaluate(script)) as AxeFinding[];
}

/**
 * Collects what several looks at pages found, so one failing test shows it all: `check` runs axe,
 * `checkHistory` walks the keyboard to the move history, and `expectNone` fails if any look found
 * a problem (each named by its `where`).
 */
export class AxeLog {
  private readonly found: { where: string; violations: AxeFinding[] }[] = [];

  async check(page: Page, where: string): Promise<void> {
    const violations = await axeViolations(page);
    if (violations.length > 0) this.found.push({ where, violations });
  }

  /**
   * The move history is a scrollable region the keyboard reaches, with a name: Shift+Tab from the
   * page's end (it sits last in the room's side column) lands on it within a few presses. The walk
   * starts from a probe button put at the end of the page and taken away after it. `screenshot`:
   * where to save the screen with the history focused.
   */
  async checkHistory(page: Page, where: string, screenshot?: string): Promise<void> {
    const region = page.getByTestId("move-history-region");
    await region.waitFor({ state: "attached", timeout: 5_000 }).catch(() => undefined);
    const name = (await region.count()) === 1 ? await region.getAttribute("aria-label") : null;
    if (name === null || name === "") this.found.push({ where, violations: [{ rule: "history region with a name", nodes: [] }] });
    await page.evaluate(`{ const probe = document.createElement("button"); probe.id = "tab-probe"; document.body.append(probe); probe.focus(); }`);
    let reached = false;
    for (let press = 0; press < 25 && !reached; press++) {
      await page.keyboard.press("Shift+Tab");
      reached = (await page.evaluate(`document.activeElement?.getAttribute("data-testid") === "move-history-region"`)) === true;
    }
    if (reached && screenshot !== undefined) await page.screenshot({ path: screenshot }); // its focus ring
    await page.evaluate(`document.getElementById("tab-probe")?.remove()`);
    if (!reached) this.found.push({ where, violations: [{ rule: "history reached by Shift+Tab from the end", nodes: [] }] });
  }

  expectNone(): void {
    expect(this.found.splice(0)).toEqual([]);
  }
}
