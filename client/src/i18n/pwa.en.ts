/** The installable app (issue 31): the offline shell's texts (English). */
export const pwaEn = {
  pwa: {
    offline: {
      title: "Offline — reconnecting…",
      help: "Tablée cannot reach its server. This page reloads by itself as soon as the server answers.",
      retry: "Try now",
    },
  },
};
