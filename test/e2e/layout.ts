import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * No control or labelled part of the page (a table in play, a form, a list) draws over another in the
 * page's flow, as far as each is seen: clipped by the boxes that scroll it (the stage scrolls what a
 * board shows after the first screen). Left out: what is kept for screen readers only (clipped away),
 * a board's own grid (`[data-board]`: its scroller clips the cells), the chat sheet, and what floats
 * over the page on purpose (a dialog, a fixed banner or card). A fanned hand's cards (`hand-card-N`)
 * overlap each other by design. Held sideways with the chat open, Qwirkle's zoom buttons covered the
 * bag's count.
 */
export async function expectNothingCovered(page: Page, where: string): Promise<void> {
  const { looked, overlaps } = await page.evaluate<{ looked: number; overlaps: string[] }>(`(() => {
    const above = (e, test) => { for (let a = e; a !== null; a = a.parentElement) if (test(a, getComputedStyle(a))) return true; return false; };
    const clippedAway = (e) => above(e, (a, style) => style.clipPath !== "none");
    const floats = (e) => above(e, (a, style) => style.position === "fixed" || a.matches("dialog, [role=dialog], [role=alertdialog]"));
    /** The part of the element's box that what scrolls it lets through (from its containing block up: an absolute box escapes the scrollers below that). */
    const seenBox = (e) => {
      let { left, top, right, bottom } = e.getBoundingClientRect();
      const from = getComputedStyle(e).position === "absolute" ? e.offsetParent : e.parentElement;
      for (let a = from; a !== null; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX === "visible" && style.overflowY === "visible") continue;
        const r = a.getBoundingClientRect();
        left = Math.max(left, r.left + a.clientLeft); top = Math.max(top, r.top + a.clientTop);
        right = Math.min(right, r.left + a.clientLeft + a.clientWidth); bottom = Math.min(bottom, r.top + a.clientTop + a.clientHeight);
      }
      return { left, top, right, bottom };
    };
    const seen = [...document.querySelectorAll("main button, main a[href], main input, main select, main textarea, main [data-testid]")].filter((e) =>
      e.closest("[data-board]") === null && e.closest('[data-testid="chat"]') === null &&
      e.checkVisibility({ visibilityProperty: true, opacityProperty: true }) && !clippedAway(e) && !floats(e));
    const boxes = seen.map((e) => ({ e, r: seenBox(e) })).filter(({ r }) => r.right - r.left > 2 && r.bottom - r.top > 2);
    const name = (e) => (e.dataset.testid ?? e.tagName.toLowerCase()) + ' "' + (e.textContent ?? "").trim().slice(0, 20) + '"';
    const fanned = (e) => /^hand-card-\\d+$/.test(e.dataset.testid ?? "");
    const found = [];
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i], b = boxes[j];
        if (a.e.contains(b.e) || b.e.contains(a.e)) continue;
        if (fanned(a.e) && fanned(b.e)) continue;
        const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (w > 2 && h > 2) found.push(name(a.e) + " / " + name(b.e));
      }
    return { looked: boxes.length, overlaps: found };
  })()`);
  expect(looked, `${where}: parts looked at`).toBeGreaterThan(3); // the check does look
  expect(overlaps, `${where}: parts drawn over each other`).toEqual([]);
}

/**
 * On a touch screen, every button of the seat's own controls (`[data-own-controls]`: hand, move
 * buttons) is at least 40 px each way, a fingertip (44 px is the usual advice), and every tool shown
 * in the room bar 44 px. Held sideways with the chat open, Qwirkle's six tiles shared a row of about
 * 13rem: 27 px each; the bar's seven tools were 36 × 40 px before the rarer ones went behind « Autres outils ».
 */
export async function expectFingerSized(page: Page, where: string): Promise<void> {
  const { looked, small } = await page.evaluate<{ looked: number; small: string[] }>(`(() => {
    const buttons = [...document.querySelectorAll("[data-own-controls] button")].filter((e) => e.checkVisibility({ visibilityProperty: true }));
    const tools = [...document.querySelectorAll(".roombar .tool")].filter((e) => e.checkVisibility({ visibilityProperty: true }));
    const small = [...buttons.map((e) => ({ e, least: 40 })), ...tools.map((e) => ({ e, least: 44 }))]
      .map(({ e, least }) => ({ e, least, r: e.getBoundingClientRect() })).filter(({ r, least }) => r.width < least || r.height < least)
      .map(({ e, r }) => (e.dataset.testid ?? e.textContent.trim().slice(0, 20)) + " " + Math.round(r.width) + "×" + Math.round(r.height));
    return { looked: buttons.length, small };
  })()`);
  expect(looked, `${where}: own controls' buttons looked at`).toBeGreaterThan(0);
  expect(small, `${where}: own controls' buttons smaller than a fingertip`).toEqual([]);
}

/**
 * Every button of the seat's own controls is whole: no box that clips what overflows it (overflow
 * other than visible, from the button up) cuts a part of it off. Held sideways with the chat open,
 * Mahjong++'s "Finir le tour" ran past its column and the board's frame cut its end off.
 */
export async function expectControlsWhole(page: Page, where: string): Promise<void> {
  const { looked, cut } = await page.evaluate<{ looked: number; cut: string[] }>(`(() => {
    const buttons = [...document.querySelectorAll("[data-own-controls] button")].filter((e) => e.checkVisibility({ visibilityProperty: true }));
    const cut = [];
    for (const button of buttons) {
      const r = button.getBoundingClientRect();
      for (let a = button.parentElement; a !== null && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX === "visible" && style.overflowY === "visible") continue;
        const b = a.getBoundingClientRect();
        if (r.left < b.left - 1 || r.right > b.right + 1 || r.top < b.top - 1 || r.bottom > b.bottom + 1) {
          cut.push((button.dataset.testid ?? button.textContent.trim().slice(0, 20)) + " cut by " + a.tagName.toLowerCase() + "." + [...a.classList].join("."));
          break;
        }
      }
    }
    return { looked: buttons.length, cut };
  })()`);
  expect(looked, `${where}: own controls' buttons looked at`).toBeGreaterThan(0);
  expect(cut, `${where}: own controls' buttons cut off`).toEqual([]);
}

/**
 * The words (`selector`, each an element whose own text may end in an ellipsis) whose text runs past
 * their box, among those on the first screen. Measured by the text's own extent: an ellipsis over
 * less than a pixel leaves scrollWidth equal to clientWidth (Mahjong++'s « Moy… » beside « 310 »).
 */
export async function cutWords(page: Page, selector: string): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const range = document.createRange();
    return [...document.querySelectorAll(${JSON.stringify(selector)})].filter((word) => {
      const box = word.getBoundingClientRect();
      if (box.width === 0 || box.bottom <= 0 || box.top >= innerHeight) return false;
      const text = [...word.childNodes].find((node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim() !== "");
      if (!text) return false;
      range.selectNodeContents(text);
      return range.getBoundingClientRect().right > box.right + 0.1;
    }).map((word) => word.textContent);
  })()`);
}

/**
 * Every control of the page in play (outside a board's own grid and the chat) can show its whole
 * focus ring: app.css draws it 3 px wide, 2 px off the control, and a box that clips what overflows
 * it (the stage, which scrolls what a board shows after the first screen) cut it where a control was
 * flush with its edge (the typed-move field on a laptop). Scrolled, the ring's box must lie inside
 * what the box scrolls: a ring under its bottom edge is never seen.
 */
export async function expectFocusRingsWhole(page: Page, where: string): Promise<void> {
  const { looked, cut } = await page.evaluate<{ looked: number; cut: string[] }>(`(() => {
    const RING = 5;
    const above = (e, test) => { for (let a = e; a !== null; a = a.parentElement) if (test(a, getComputedStyle(a))) return true; return false; };
    const controls = [...document.querySelectorAll("main button, main a[href], main input, main select, main textarea, main summary")].filter((e) =>
      e.closest("[data-board]") === null && e.closest('[data-testid="chat"]') === null && e.checkVisibility({ visibilityProperty: true, opacityProperty: true }) &&
      !above(e, (a, style) => style.clipPath !== "none" || style.position === "fixed" || a.matches("dialog")));
    const cut = [];
    for (const control of controls) {
      const r = control.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      for (let a = control.parentElement; a !== null && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX === "visible" && style.overflowY === "visible") continue;
        const b = a.getBoundingClientRect();
        // In the box's scrolled content: how far the ring reaches from its start, against how far it scrolls.
        const left = r.left - RING - (b.left + a.clientLeft) + a.scrollLeft, right = r.right + RING - (b.left + a.clientLeft) + a.scrollLeft;
        const top = r.top - RING - (b.top + a.clientTop) + a.scrollTop, bottom = r.bottom + RING - (b.top + a.clientTop) + a.scrollTop;
        const width = Math.max(a.clientWidth, a.scrollWidth), height = Math.max(a.clientHeight, a.scrollHeight);
        if (left < -0.5 || top < -0.5 || right > width + 0.5 || bottom > height + 0.5) {
          cut.push((control.dataset.testid ?? control.tagName.toLowerCase() + ' "' + control.textContent.trim().slice(0, 20) + '"') + " by " + a.tagName.toLowerCase() + "." + [...a.classList].join(".")
            + " " + JSON.stringify({ left: Math.round(left), top: Math.round(top), right: Math.round(right - width), bottom: Math.round(bottom - height) }));
          break;
        }
      }
    }
    return { looked: controls.length, cut };
  })()`);
  expect(looked, `${where}: controls looked at`).toBeGreaterThan(0);
  expect(cut, `${where}: controls whose focus ring is cut`).toEqual([]);
}
