/** L’application installable (issue 31) : les textes de la page hors ligne (français). */
export const pwaFr = {
  pwa: {
    offline: {
      title: "Hors ligne — reconnexion…",
      help: "Tablée n’arrive pas à joindre son serveur. La page se rechargera d’elle-même dès que le serveur répondra.",
      retry: "Réessayer maintenant",
    },
  },
} satisfies typeof import("./pwa.en").pwaEn;
