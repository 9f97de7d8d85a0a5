import { registerMessages } from "../i18n/register";
import { friendsEn } from "../i18n/friends.en";
import { friendsFr } from "../i18n/friends.fr";
import { profileEn } from "../i18n/profile.en";
import { profileFr } from "../i18n/profile.fr";

// The profile's and the friends' texts come with the chunks that show them (the profile page, the
// sign-in link, an invitation's page, the notices and the lobby's friend picker of a signed-in
// device), not with every page: a guest's room does not load them (issue 31's weight). Importing
// this module registers them once.
registerMessages("en", profileEn, friendsEn);
registerMessages("fr", profileFr, friendsFr);
