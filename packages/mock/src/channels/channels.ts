import type { PresentationChannel } from "./presentation-channel.js";
import { redirectChannel } from "./redirect/redirect-channel.js";

/** Every channel a presentation request can travel over: add a new one here. */
export const PRESENTATION_CHANNELS: readonly PresentationChannel[] = [redirectChannel];
