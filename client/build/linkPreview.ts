/**
 * What a messaging app shows of a table's link (/r/<id>, sent the page of its game: room-<game>.html)
 * before anyone opens it: the game's name and an invitation, in the page's language, as the page's
 * title, description and Open Graph tags. The room itself stays private: these say only which game.
 */
export const INVITATIONS = {
  en: (game: string) => `A game of ${game} is waiting for you on Tablée: open the link and take a seat, on your phone or your computer.`,
  fr: (game: string) => `Une table de ${game} vous attend sur Tablée\u202f: ouvrez le lien et prenez une place, sur téléphone comme sur ordinateur.`,
} as const;
export type PreviewLanguage = keyof typeof INVITATIONS;

const attribute = (text: string): string => text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

/** `html` with `description` as its meta description, and as its Open Graph description where it has one. */
export function describedAs(html: string, description: string): string {
  const text = (_all: string, before: string, after: string) => `${before}${attribute(description)}${after}`;
  return html.replace(/(<meta name="description" content=")[^"]*(")/u, text).replace(/(<meta property="og:description" content=")[^"]*(")/u, text);
}

/** A room page of `game`, from one that names no game (room.html): its title and description, and the same as Open Graph tags. */
export function previewFor(html: string, game: string, language: PreviewLanguage): string {
  const title = `${game} · Tablée`;
  const description = INVITATIONS[language](game);
  const titled = html.replace(/<title>[^<]*<\/title>/u, `<title>${attribute(title)}</title>`);
  const described = describedAs(titled, description);
  if (titled === html || described === titled || !described.includes("</head>")) throw new Error("a room page has no title, description or head to name its game in");
  const tags = [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="Tablée" />`,
    `<meta property="og:title" content="${attribute(title)}" />`,
    `<meta property="og:description" content="${attribute(description)}" />`,
  ];
  return described.replace("</head>", `  ${tags.join("\n    ")}\n  </head>`);
}
