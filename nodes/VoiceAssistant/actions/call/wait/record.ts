/** Moved to shared/finishedCall.ts (both API generations' Wait for Call to End); kept for existing imports. */
export { finishedCallRecord } from '../../../shared/finishedCall';
