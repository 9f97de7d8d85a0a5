import { registerMessages } from "../i18n/register";
import { ratingsEn } from "../i18n/ratings.en";
import { ratingsFr } from "../i18n/ratings.fr";

// The ratings' texts come with the chunks that show them (the profile page, the leaderboards), not
// with the home page: importing this module registers them once.
registerMessages("en", ratingsEn);
registerMessages("fr", ratingsFr);
