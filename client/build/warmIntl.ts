import { createHash } from "node:crypto";
import type { Plugin } from "vite";

/**
 * The first `Intl.NumberFormat` a page builds loads ICU's number data: about 25 ms on a laptop, about
 * 100 ms on a phone (Lighthouse's 4× CPU), in one piece. Every plural of our messages needs it
 * (intl-messageformat formats `#` with it). Run from the entry script, it lengthened the start's
 * task; run after the first paint, it was a long task of its own that TBT counts (issue 31). This
 * small classic script, `async` in the head, runs as soon as it arrives, while the page still waits
 * for the entry script to download: the main thread is idle then, on a phone as in Lighthouse.
 * Both of Tablée's languages: once the data is loaded, a second language costs a fraction of a ms.
 */
export const WARM_INTL_SCRIPT = `try{for(const l of["en","fr"]){new Intl.PluralRules(l).select(1);new Intl.NumberFormat(l).format(1)}}catch(e){}\n`;

/** The script's built name: hashed like Vite's own assets, so it is served immutable and a change gets a new name. */
export function warmIntlFile(source: string = WARM_INTL_SCRIPT): string {
  return `assets/warm-intl-${createHash("sha256").update(source).digest("base64url").slice(0, 8)}.js`;
}

/** index.html with the warm-up script just before its entry script (so it is asked for first). */
export function withWarmIntl(indexHtml: string, file: string): string {
  const entry = indexHtml.indexOf('<script type="module"');
  if (entry === -1 || entry > indexHtml.indexOf("</head>")) throw new Error("index.html has no entry script in its head to put the Intl warm-up before");
  return `${indexHtml.slice(0, entry)}<script async src="/${file}"></script>\n    ${indexHtml.slice(entry)}`;
}

/** Adds the warm-up script to the build (not to the dev server, where nothing is throttled). */
export function warmIntlPlugin(): Plugin {
  const file = warmIntlFile();
  return {
    name: "tablee-warm-intl",
    apply: "build",
    generateBundle() {
      this.emitFile({ type: "asset", fileName: file, source: WARM_INTL_SCRIPT });
    },
    transformIndexHtml: { order: "post", handler: (html) => withWarmIntl(html, file) },
  };
}
