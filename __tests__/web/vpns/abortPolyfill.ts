/**
 * jsdom's AbortSignal lacks `throwIfAborted` (browsers and Node have it); the SDK's waits use it.
 */
if (typeof AbortSignal !== 'undefined' && !AbortSignal.prototype.throwIfAborted) {
  AbortSignal.prototype.throwIfAborted = function throwIfAborted(this: AbortSignal) {
    if (this.aborted) throw this.reason;
  };
}
export {};
