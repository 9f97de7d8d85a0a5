import { existsSync, readFileSync, writeFileSync } from "node:fs";

/**
 * The command line that re-runs a script, each argument quoted for a POSIX shell when it holds
 * anything but plain word characters (a `;` in a settings list would otherwise end the command).
 */
export function commandLine(prefix: string, argv: readonly string[]): string {
  const quote = (arg: string): string => (/^[\w.,=:/@+-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`);
  return [prefix, ...argv.map(quote)].join(" ");
}

/**
 * Writes one arena run into a markdown file as a fenced JSON block under the exact command that
 * produced it. The block sits between HTML comments keyed by the command, so running the same
 * command again replaces its own block and leaves the hand-written text around it alone.
 */
export function writeRun(path: string, command: string, result: unknown): void {
  const open = `<!-- arena: ${command} -->`;
  const close = "<!-- /arena -->";
  const block = [open, "", "```sh", command, "```", "", "```json", JSON.stringify(result, null, 2), "```", "", close].join("\n");
  const text = existsSync(path) ? readFileSync(path, "utf8") : "";
  const start = text.indexOf(open);
  const end = start < 0 ? -1 : text.indexOf(close, start);
  const next =
    start >= 0 && end >= 0
      ? text.slice(0, start) + block + text.slice(end + close.length)
      : `${text}${text === "" || text.endsWith("\n\n") ? "" : text.endsWith("\n") ? "\n" : "\n\n"}${block}\n`;
  writeFileSync(path, next);
}
