import type { ErasedGame } from "../../shared/engine/erase";
import type { Seat } from "../../shared/engine/types";
import type { PushLocale, PushPayload } from "../../shared/protocol";
import type { RoomRecord } from "../rooms/record";
import type { Notice } from "./notifier";

/**
 * The texts of the notices, in the device's language. They use only what every player of the room
 * sees anyway — the game's name, the players' names, the public final ranks — never a game view.
 */

/** "Alice, Bob and Carol" / "Alice, Bob et Carol". */
export function listOf(names: readonly string[], locale: PushLocale): string {
  if (names.length <= 1) return names[0] ?? "";
  const and = locale === "fr" ? "et" : "and";
  return `${names.slice(0, -1).join(", ")} ${and} ${names.at(-1)}`;
}

/** "2nd" / "2e". */
export function ordinal(rank: number, locale: PushLocale): string {
  if (locale === "fr") return rank === 1 ? "1er" : `${rank}e`;
  const tens = rank % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[rank % 10] ?? "th";
  return `${rank}${suffix}`;
}

/**
 * A seat's name as the table shows it: the nickname, or the computer and its level ("Computer · Easy"),
 * in French with its article, as the names always follow "avec" here ("avec Alice et l’ordinateur · Facile").
 */
function nameOf(room: RoomRecord, game: ErasedGame, seat: Seat, locale: PushLocale): string {
  const record = room.seats[seat];
  if (record?.kind === "computer") {
    const bot = game.bots.find((b) => b.id === record.bot);
    const level = bot ? bot.names[locale] : (record.bot ?? `#${seat + 1}`);
    return `${locale === "fr" ? "l’ordinateur" : "Computer"} ·\u00a0${level}`; // kept with its level, as on the table
  }
  return record?.nickname ?? (locale === "fr" ? `Place ${seat + 1}` : `Seat ${seat + 1}`); // as the table names a seat without one
}

/** "Qwirkle with Alice and Bob": the game and the other players at the table. */
function tableLine(room: RoomRecord, game: ErasedGame, seat: Seat, locale: PushLocale): string {
  const others = room.seats.flatMap((record, index) => (index !== seat && (record.kind === "human" || record.kind === "computer") ? [nameOf(room, game, index, locale)] : []));
  const name = game.names[locale];
  if (others.length === 0) return name;
  return `${name} ${locale === "fr" ? "avec" : "with"} ${listOf(others, locale)}`;
}

function resultLine(notice: Extract<Notice, { kind: "gameOver" }>, players: number, locale: PushLocale): string {
  if (locale === "fr") {
    if (notice.won) return notice.sharedWin ? "Victoire partagée" : "Vous avez gagné";
    return `Vous êtes ${ordinal(notice.rank, locale)} sur ${players}`;
  }
  if (notice.won) return notice.sharedWin ? "You shared the win" : "You won";
  return `You finished ${ordinal(notice.rank, locale)} of ${players}`;
}

/** Title and body of a notice for `notice.seat`, in `locale`. */
export function noticeText(notice: Notice, room: RoomRecord, game: ErasedGame, locale: PushLocale): { title: string; body: string } {
  const name = game.names[locale];
  const table = tableLine(room, game, notice.seat, locale);
  const fr = locale === "fr";
  switch (notice.kind) {
    case "turn":
      return { title: `${fr ? "À vous de jouer" : "Your turn"} — ${name}`, body: table };
    case "gameOver": {
      const players = room.seats.filter((s) => s.kind === "human" || s.kind === "computer").length;
      return { title: `${fr ? "Partie terminée" : "Game over"} — ${name}`, body: `${resultLine(notice, players, locale)} — ${table}` };
    }
    case "rematch": {
      const askers = listOf(notice.askers.map((seat) => nameOf(room, game, seat, locale)), locale);
      const wants = fr ? `${notice.askers.length > 1 ? "voudraient" : "voudrait"} refaire une partie de ${name}` : `would like to play ${name} again`;
      // French typography as the client's i18n layer sets it: a narrow no-break space before "?".
      return { title: `${fr ? "On rejoue\u202F?" : "Play again?"} — ${name}`, body: `${askers} ${wants}` };
    }
  }
}

/**
 * The JSON a device receives. A newer notice of the same room replaces the older one on the device
 * (`tag`): "game over" replaces a stale "your turn"; "play again?" has a tag of its own.
 */
export function pushPayloadOf(notice: Notice, room: RoomRecord, game: ErasedGame, locale: PushLocale): PushPayload {
  return {
    kind: notice.kind,
    ...noticeText(notice, room, game, locale),
    url: `/r/${room.id}`,
    tag: notice.kind === "rematch" ? `${room.id}:rematch` : room.id,
  };
}
