import type { FastifyBaseLogger } from "fastify";
import type { FriendInvitation, PushLocale, PushPayload } from "../../shared/protocol";
import type { PushSender } from "../push/sender";
import type { PushStore } from "../push/store";

/** The push an invited friend's device shows, in its language; a click opens the page that seats them. */
export function invitationPayload(invitation: FriendInvitation, locale: PushLocale): PushPayload {
  const game = invitation.gameNames[locale];
  const fr = locale === "fr";
  return {
    kind: "invitation",
    title: fr ? `${invitation.from} vous invite à une partie de ${game}` : `${invitation.from} invites you to play ${game}`,
    body: fr ? "Touchez pour prendre place à la table." : "Tap to take a seat at the table.",
    url: invitation.path,
    tag: `${invitation.roomId}:invitation`,
  };
}

/**
 * Web Push for invitations. A profile has no subscription of its own: its devices are those that
 * sent their subscription (notices on, for at least one seat) while signed in to it with a session
 * still live (`PushStore.ofProfile`); every signed-in device does at its sign-in once its switch is
 * on. Sent in the background: failures are only logged, and a subscription the push service calls
 * gone is deleted.
 */
export class InvitationPush {
  constructor(
    private readonly store: PushStore,
    private readonly sender: PushSender,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Sends the invitation to every device of the profile; resolves with how many took it. */
  async send(profileId: string, invitation: FriendInvitation): Promise<number> {
    const subscriptions = await this.store.ofProfile(profileId);
    const outcomes = await Promise.all(
      subscriptions.map(async (subscription) => {
        const outcome = await this.sender.send(subscription, JSON.stringify(invitationPayload(invitation, subscription.locale)));
        if (outcome.kind === "gone" || outcome.kind === "refused") await this.store.forget(subscription.endpoint);
        if (outcome.kind !== "sent") this.log.info({ roomId: invitation.roomId, outcome: outcome.kind }, "invitation push not delivered");
        return outcome.kind === "sent";
      }),
    );
    return outcomes.filter(Boolean).length;
  }
}
