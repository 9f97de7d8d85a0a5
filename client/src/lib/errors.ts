import type { ClientError } from "./api";

/** The shape of svelte-i18n's `$_`, narrowed to what we use. */
export type Translate = (id: string, options?: { values?: Record<string, string | number>; default?: string }) => string;

/**
 * A sentence for an error in the UI language. Rule violations are translated by the game
 * (`games.<gameId>.errors.<rule>`); so are refused options when the game explains them
 * (`games.<gameId>.errors.BAD_OPTIONS`: a constraint across fields, such as a minimum deck size,
 * that the generated form cannot show). The English `message` is only a last resort.
 */
export function describeError(t: Translate, error: ClientError, gameId?: string): string {
  if (error.code === "RULE_VIOLATION" && "rule" in error && error.rule !== undefined && gameId !== undefined) {
    return t(`games.${gameId}.errors.${error.rule}`, { default: t("errors.RULE_VIOLATION") });
  }
  const generic = t(`errors.${error.code}`, { default: error.message });
  if (error.code === "BAD_OPTIONS" && gameId !== undefined) return t(`games.${gameId}.errors.BAD_OPTIONS`, { default: generic });
  return generic;
}
