// Qwirkle's history sentences (games.qwirkle.sentence), registered by index.ts; the rest of the
// game's texts are in the shared dictionaries.

export const en = {
  games: {
    qwirkle: {
      sentence: {
        place:
          "{name} placed {n, plural, one {a tile} other {# tiles}} {tiles} for {points, plural, one {# point} other {# points}}{qwirkles, plural, =0 {} one {, a Qwirkle} other {, # Qwirkles}}{endBonus, plural, =0 {} other {, and ended the game (+#)}}",
        exchange: "{name} exchanged {n, plural, one {a tile} other {# tiles}} with the bag",
        pass: "{name} passed",
      },
    },
  },
};

export const fr: typeof en = {
  games: {
    qwirkle: {
      sentence: {
        place:
          "{name} a posé {n, plural, one {une tuile} other {# tuiles}} {tiles} pour {points, plural, one {# point} other {# points}}{qwirkles, plural, =0 {} one { (un Qwirkle)} other { (# Qwirkles)}}{endBonus, plural, =0 {} other { et a terminé la partie (+#)}}",
        exchange: "{name} a échangé {n, plural, one {une tuile} other {# tuiles}} avec la pioche",
        pass: "{name} a passé son tour",
      },
    },
  },
};
