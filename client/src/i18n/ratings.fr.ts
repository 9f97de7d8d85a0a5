/**
 * Classements (ticket 35) : les statistiques de la page du profil et les classements (français).
 * « Cote » (comme la cote Elo des échecs) et non « niveau », qui nomme déjà le niveau de l’ordinateur
 * et celui de Mahjong++.
 */
export const ratingsFr = {
  ratings: {
    statsTitle: "Mes résultats",
    none: "Aucune partie terminée pour l'instant. Les parties que vous finissez contre d'autres joueurs ayant un profil vous donnent une cote, qui vous situe parmi eux.",
    rating: "Cote",
    unrated: "Pas encore de cote",
    unratedHelp: "Une partie compte pour la cote quand au moins deux joueurs ayant un profil la terminent.",
    provisional: "provisoire",
    provisionalHelp: "Provisoire : moins de 5 parties classées, la cote peut encore beaucoup varier.",
    played: "{count, plural, one {# partie} other {# parties}}",
    won: "{count, plural, one {# gagnée} other {# gagnées}}",
    playedWith: "Le plus souvent avec",
    withGames: "{name} ({count, plural, one {# partie} other {# parties}})",
    chartLabel: "Cote à {game} sur {count, plural, one {la dernière partie classée} other {les # dernières parties classées}} : de {first} à {last}, au plus bas {low}, au plus haut {high}.",
    recent: "Parties récentes",
    place: "{rank, selectordinal, one {#er} other {#e}} sur {seats}",
    asName: "sous le nom {name}",
    change: "cote {change}", // "−44 pts" se lisait comme des points de la partie
    notRated: "non classée",
    replay: "Revoir",
    noReplay: "Plus disponible",
    leaderboardLink: "Classements",
    leaderboardOf: "Classement",
    title: "Classements",
    intro: "Les classements des joueurs ayant un profil, par jeu. Les invités et l'ordinateur ne sont pas classés.",
    game: "Jeu",
    among: "Afficher",
    everyone: "Tout le monde",
    friends: "Amis",
    minGames: "{count, plural, =1 {Les joueurs figurent ici dès leur première partie classée.} one {Les joueurs figurent ici après # partie classée.} other {Les joueurs figurent ici après # parties classées.}}",
    friendsEmpty: "Aucun de vos amis n'a encore de cote à ce jeu.",
    empty: "Personne n'est encore classé à ce jeu.",
    signInForFriends: "Connectez-vous à votre profil pour voir le classement de vos amis.",
    player: "Joueur",
    games: "Parties",
    wins: "Victoires",
    you: "vous",
    ratingsHelp: "Comment la cote est calculée",
    fromScores: "Cotes des joueurs ayant un profil",
    scoresLink: "Liste des scores",
  },
};
