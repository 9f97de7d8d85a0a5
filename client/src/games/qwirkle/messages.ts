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
        tile: "{color} {shape}",
        feminine: "{color}", // French colours agree with feminine shapes
      },
    },
  },
};

export const fr: typeof en = {
  games: {
    qwirkle: {
      sentence: {
        place:
          "{name} a posé {n, plural, one {une tuile} other {# tuiles}} {tiles} pour {points, plural, one {# point} other {# points}}{qwirkles, plural, =0 {} one {, dont un Qwirkle} other {, dont # Qwirkles}}{endBonus, plural, =0 {} other {, et termine la partie (+#)}}",
        exchange: "{name} a échangé {n, plural, one {une tuile} other {# tuiles}} avec le sac",
        pass: "{name} a passé son tour",
        // Étoile and croix are feminine: their colour agrees ("étoile bleue", "croix violette").
        tile: "{shapeKey, select, E {{shape} {feminine}} X {{shape} {feminine}} other {{shape} {color}}}",
        feminine: "{colorKey, select, 2 {bleue} 4 {violette} 5 {verte} other {{color}}}",
      },
    },
  },
};
