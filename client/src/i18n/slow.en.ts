/** Playing over days (issue 21): the pace, "your turn" across games, notifications on this device (English). */
export const slowEn = {
  slow: {
    pace: {
      label: "Pace: time per move",
      live: "Live",
      choice: "{n, plural, one {# day} other {# days}}",
      help: "Over days, nobody needs to be there at the same time: each player has this long for a turn, then a computer plays that turn for them.",
      notForGame: "{game} can only be played live: its turn countdown is part of the game.",
      clockInside: {
        memoarr: "Memoarr!’s short peek countdown still runs during each turn.",
      },
      lobby: "Played over days: {n, plural, one {# day} other {# days}} per move, nobody needs to be here at the same time.",
      inRoom: "{n, plural, one {# day} other {# days}} per move",
      yourTurnLeft: "You have {left}",
      turnLeft: "This turn: {left}",
      missed: "the computer played {n, plural, one {one of their turns} other {# of their turns}}",
      standInTimeUp: "played by the computer: time ran out",
      standIn: "played by the computer for them",
    },
    /** A turn's time left, in whole days, hours and minutes (lib/timeLeft.ts puts them together). */
    timeLeft: {
      days: "{n, plural, one {# day} other {# days}}",
      daysAndHours: "{days} {hours} h",
      hours: "{hours} h",
      hoursAndMinutes: "{hours} h {minutes} min",
      minutes: "{minutes} min",
      left: "{time} left",
      underMinute: "less than a minute left",
      over: "time is up",
    },
    yourTurn: {
      title: "It is your turn in {n, plural, one {# game} other {# games}}",
      badge: "Your turn",
      play: "Play",
    },
    push: {
      off: "Notify me even with Tablée closed",
      on: "Notifications on this device: on (press to stop)",
      busy: "Setting up notifications…",
      help: "Even with Tablée closed, this device tells you when it is your turn.",
      errors: {
        unsupported: "This browser cannot receive notifications.",
        denied: "Notifications are blocked for Tablée in this browser’s settings.",
        refused: "This browser refuses push notifications here (a private window, or its settings).",
        noPushService: "This browser has no push service right now (offline, or turned off): try again later.",
        unavailable: "The server does not send notifications yet.",
        failed: "Notifications could not be set up. Try again.",
        homeScreen: "On iPhone and iPad, notifications only work once Tablée is on the Home Screen: tap Share, then “Add to Home Screen”, and open Tablée from there.",
      },
    },
  },
};
