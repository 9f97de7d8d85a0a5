import { registerMessages } from "../../i18n/register";

// WHIS's rules (games.whis.rules.*) come with the rules' own chunk, fetched when someone opens them,
// not with every WHIS room (issue 31's weight): importing this module registers them once.
const en = {
  games: {
    whis: {
      rules: {
        tabRules: "Rules",
        tabCards: "Cards",
        title: "WHIS rules",
        goal: "The card game of Tales of Eternia: get rid of your cards by following the element asked, and have the highest score after the last round (5 unless the table chose otherwise).",
        elementsTitle: "Elements",
        elements: "Three elements: Water (blue), Fire (red) and Wind (green). A card's frame gives its element. Light (yellow) and Darkness (grey) have no element.",
        roundTitle: "A round",
        round: "Each player gets 6 cards. Cards are turned up from the draw pile until a simple card appears: its element is the element in play.",
        turnTitle: "On your turn",
        turn1: "Play one card of the element asked; it covers the card in play.",
        turn2: "If you cannot play, draw one card: if you can play it, you may; otherwise your turn ends.",
        turn3: "You may also pass although you could play: you then draw one card and your turn ends.",
        chooseTitle: "Choosing the element",
        choose: "After a Prism, a Light or a Darkness, choose the element asked of the next player with the three coloured buttons. It shows as a coloured corner on the card in play.",
        attackTitle: "Attacks",
        attack: "On an attack card, any attack card may be played, whatever its element. Each attack makes the next player draw 2 unless they answer with another attack; draws add up (three attacks in a row: 6 cards). Light and Darkness cannot answer an attack.",
        neutralised: "Once its cards are drawn, the attack is neutralised: the next player must play its element (an attack of that element too), or draw one card only.",
        endTitle: "End of a round",
        end: "The round ends when a player has played all their cards (the winner), or must draw while already holding 15 cards (the loser). That player starts the next round.",
        scoreTitle: "Scoring",
        values: "Simple and transition cards are worth 2, specials (Prism, Double, Change) 5, attacks 10, Light and Darkness 20.",
        scoreWinner: "With a winner: every other player loses the value of their hand, and the winner gains the sum of those values.",
        scoreLoser: "With a loser: every other player gains a third (rounded down) of the loser's hand value, and the loser loses that value rounded down to a multiple of 3.",
        gameEnd: "After the table's rounds (5 unless the host chose another number, shown on the board as “Round 1/5”), the highest score wins. Scores can be negative.",
        screenTitle: "The screen",
        /** A player's short label in the frames' picture: "P1" (player 1). */
        framePlayer: "P{n}",
        screen: "Each player's frame turns purple when it is their turn, green when they play a card and red when they draw. The arrow shows the direction of play.",
        keysTitle: "Keyboard",
        keys: "Left and right arrows select a card (or an element), Enter plays it, Shift draws or passes.",
        cardsTitle: "The cards",
        cardsIntro: "Every card, its effect and its value.",
        wildTitle: "Element changers",
        deck: "Tablée's deck holds 60 cards unless the host changed it when making the table: per element 9 simple, 3 attack, 3 special and 3 transition cards, plus 3 Light and 3 Darkness.",
      },
    },
  },
};

/** Same keys as `en`, any string values. */
type Messages<T> = { [K in keyof T]: T[K] extends string ? string : Messages<T[K]> };

const fr: Messages<typeof en> = {
  games: {
    whis: {
      rules: {
        tabRules: "Règles",
        tabCards: "Cartes",
        title: "Règles de WHIS",
        goal: "Le jeu de cartes de Tales of Eternia : débarrassez-vous de vos cartes en suivant l'élément demandé, et terminez avec le plus de points (5 manches, sauf si l'hôte en a décidé autrement).",
        elementsTitle: "Les éléments",
        elements: "Trois éléments : Eau (bleu), Feu (rouge) et Vent (vert). Le cadre d'une carte indique son élément. Lumière (jaune) et Obscurité (gris) n'ont pas d'élément.",
        roundTitle: "Une manche",
        round: "Chaque joueur reçoit 6 cartes. On retourne des cartes de la pioche jusqu'à tomber sur une carte simple : son élément est l'élément en jeu.",
        turnTitle: "À votre tour",
        turn1: "Jouez une carte de l'élément demandé ; elle recouvre la carte en jeu.",
        turn2: "Si vous ne pouvez pas jouer, piochez une carte : si elle est jouable, vous pouvez la jouer ; sinon votre tour est terminé.",
        turn3: "Vous pouvez aussi passer alors que vous pourriez jouer : vous piochez alors une carte et votre tour est terminé.",
        chooseTitle: "Choisir l'élément",
        choose: "Après un Prisme, une Lumière ou une Obscurité, choisissez l'élément demandé au joueur suivant avec les trois boutons colorés. Il apparaît comme un coin coloré sur la carte en jeu.",
        attackTitle: "Les attaques",
        attack: "Sur une carte d'attaque, on peut jouer n'importe quelle carte d'attaque, quel que soit son élément. Chaque attaque fait piocher 2 cartes au joueur suivant s'il ne répond pas par une autre attaque ; les pioches se cumulent (trois attaques de suite : 6 cartes). Lumière et Obscurité ne peuvent pas répondre à une attaque.",
        neutralised: "Une fois ses cartes piochées, l'attaque est neutralisée : le joueur suivant doit jouer son élément (y compris une attaque de cet élément), ou piocher une seule carte.",
        endTitle: "Fin de la manche",
        end: "La manche se termine quand un joueur a joué toutes ses cartes (le gagnant), ou doit piocher alors qu'il a déjà 15 cartes (le perdant). Ce joueur commence la manche suivante.",
        scoreTitle: "Le score",
        values: "Les cartes simples et de transition valent 2, les spéciales (Prisme, Double, Change) 5, les attaques 10, Lumière et Obscurité 20.",
        scoreWinner: "Avec un gagnant : chaque autre joueur perd la valeur de sa main, et le gagnant gagne la somme de ces valeurs.",
        scoreLoser: "Avec un perdant : chaque autre joueur gagne le tiers (arrondi à l'entier inférieur) de la valeur de la main du perdant, et le perdant perd cette valeur arrondie au multiple de 3 inférieur.",
        gameEnd: "La partie compte 5 manches, sauf si l'hôte en a décidé autrement (affiché à l'écran : « Manche 1/5 »). Le joueur qui a le plus de points gagne ; les scores peuvent être négatifs.",
        screenTitle: "L'écran",
        /** L'étiquette courte d'un joueur dans l'image des cadres : « J1 » (joueur 1). */
        framePlayer: "J{n}",
        screen: "Le cadre de chaque joueur devient violet quand c'est son tour, vert quand il joue une carte et rouge quand il pioche. La flèche indique le sens de rotation du jeu.",
        keysTitle: "Clavier",
        keys: "Les flèches gauche et droite sélectionnent une carte (ou un élément), Entrée la joue, Maj pioche ou passe.",
        cardsTitle: "Les cartes",
        cardsIntro: "Chaque carte, son effet et sa valeur.",
        wildTitle: "Changement d'élément",
        deck: "Le paquet de Tablée a 60 cartes, sauf si l'hôte l'a changé en créant la table : par élément 9 simples, 3 attaques, 3 spéciales et 3 transitions, plus 3 Lumière et 3 Obscurité.",
      },
    },
  },
};

registerMessages("en", en);
registerMessages("fr", fr);
