import type { ClientError } from "./api";

/** The shape of svelte-i18n's `$_`, narrowed to what we use. */
export type Translate = (id: string, options?: { values?: Record<string, string | number>; default?: string }) => string;

/**
 * A sentence for an error in the UI language. Rule violations are translated by the game
 * (`games.<gameId>.errors.<rule>`); the English `message` is only a last resort.
 */
export function describeError(t: Translate, error: ClientError, gameId?: string): string {
  if (error.code === "RULE_VIOLATION" && "rule" in error && error.rule !== undefined && gameId !== undefined) {
    return t(`games.${gameId}.errors.${error.rule}`, { default: t("errors.RULE_VIOLATION") });
  }
  return t(`errors.${error.code}`, { default: error.message });
}
