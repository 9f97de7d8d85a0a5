import { devicePushOn, disableDevicePush, enableDevicePush, type PushFailure } from "./devicePush";

/** The "Notify me on this device" switch: its state and the last failure, for the switch's view. */
export class DevicePushSwitch {
  state: "off" | "on" | "busy" = $state(devicePushOn() ? "on" : "off");
  failure: PushFailure | null = $state(null); // shown under the switch until the next try

  async toggle(): Promise<void> {
    if (this.state === "busy") return;
    const wasOn = this.state === "on";
    this.state = "busy";
    this.failure = null;
    const outcome = wasOn ? await disableDevicePush() : await enableDevicePush();
    if (!outcome.ok) this.failure = outcome.failure;
    this.state = !wasOn && outcome.ok ? "on" : "off";
  }
}
