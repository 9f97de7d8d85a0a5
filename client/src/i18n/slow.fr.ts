/** Jouer sur plusieurs jours (issue 21) : le rythme, « à vous » dans vos parties, les notifications de l’appareil (français). */
export const slowFr = {
  slow: {
    pace: {
      label: "Rythme : temps par coup",
      live: "En direct",
      choice: "{n, plural, one {# jour} other {# jours}}",
      help: "Sur plusieurs jours, personne n’a besoin d’être là en même temps : chaque joueur a ce temps pour son tour, puis un ordinateur joue ce tour à sa place.",
      notForGame: "{game} se joue uniquement en direct : le compte à rebours de chaque tour fait partie du jeu.",
      clockInside: {
        memoarr: "Le court compte à rebours du coup d’œil de Memoarr! reste actif à chaque tour.",
      },
      lobby: "Partie sur plusieurs jours : {n, plural, one {# jour} other {# jours}} par coup, personne n’a besoin d’être là en même temps.",
      inRoom: "{n, plural, one {# jour} other {# jours}} par coup",
      yourTurnLeft: "Vous avez {left}",
      turnLeft: "Ce tour : {left}",
      missed: "l’ordinateur a joué {n, plural, one {un de ses tours} other {# de ses tours}}",
      standInTimeUp: "joué par l’ordinateur : temps écoulé",
      standIn: "joué par l’ordinateur à sa place",
    },
    /** Le temps qui reste pour un tour, en jours, heures et minutes entiers (lib/timeLeft.ts les assemble). */
    timeLeft: {
      days: "{n, plural, one {# jour} other {# jours}}",
      daysAndHours: "{days} {hours} h",
      hours: "{hours} h",
      hoursAndMinutes: "{hours} h {minutes} min",
      minutes: "{minutes} min",
      left: "encore {time}",
      underMinute: "moins d’une minute",
      over: "temps écoulé",
    },
    yourTurn: {
      title: "C’est à vous dans {n, plural, one {# partie} other {# parties}}",
      badge: "À vous",
      play: "Jouer",
    },
    push: {
      off: "Me prévenir même quand Tablée est fermée",
      on: "Notifications sur cet appareil : activées (appuyez pour les arrêter)",
      busy: "Mise en place des notifications…",
      help: "Même quand Tablée est fermée, cet appareil vous prévient quand c’est à vous.",
      errors: {
        unsupported: "Ce navigateur ne peut pas recevoir de notifications.",
        denied: "Les notifications sont bloquées pour Tablée dans les réglages de ce navigateur.",
        refused: "Ce navigateur refuse les notifications ici (fenêtre de navigation privée, ou ses réglages).",
        noPushService: "Ce navigateur n’a pas de service de notifications en ce moment (hors ligne ou désactivé) : réessayez plus tard.",
        unavailable: "Le serveur n’envoie pas encore de notifications.",
        failed: "Les notifications n’ont pas pu être mises en place. Réessayez.",
        homeScreen: "Sur iPhone et iPad, les notifications ne fonctionnent que si Tablée est sur l’écran d’accueil : touchez Partager, puis « Sur l’écran d’accueil », et ouvrez Tablée depuis son icône.",
      },
    },
  },
} satisfies typeof import("./slow.en").slowEn;
