import type { FaceContext } from "../face/context.js";
import type { TrafficLog } from "./traffic-log.js";

/** What a dashboard page gets: the page context, and the emulator's request log. */
export interface DashboardContext extends FaceContext {
  traffic: TrafficLog;
}
